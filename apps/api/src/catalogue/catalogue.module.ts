import { Module } from '@nestjs/common';
import { CatalogueCacheModule } from '../catalogue-cache/catalogue-cache.module.js';
import { CatalogueController } from './catalogue.controller.js';
import { CatalogueRepository } from './catalogue.repository.js';
import { CatalogueService } from './catalogue.service.js';
import { MediaUrls } from './media-urls.js';
import { PlaylistReadRepository } from './playlist-read.repository.js';
import { ReadDb } from './read-db.js';

@Module({
  imports: [CatalogueCacheModule],
  controllers: [CatalogueController],
  providers: [CatalogueService, CatalogueRepository, PlaylistReadRepository, MediaUrls, ReadDb],
  exports: [PlaylistReadRepository, MediaUrls, CatalogueRepository, ReadDb, CatalogueCacheModule],
})
export class CatalogueModule {}
