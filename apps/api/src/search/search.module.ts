import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue/catalogue.module.js';
import { SearchController } from './search.controller.js';
import { SearchIndex } from './search-index.js';
import { SearchRepository } from './search.repository.js';
import { SearchService } from './search.service.js';

@Module({
  imports: [CatalogueModule],
  controllers: [SearchController],
  providers: [SearchService, SearchRepository, SearchIndex],
})
export class SearchModule {}
