import { Module } from '@nestjs/common';
import { CatalogueController } from './catalogue.controller.js';
import { CatalogueRepository } from './catalogue.repository.js';
import { CatalogueService } from './catalogue.service.js';
import { MediaUrls } from './media-urls.js';
import { PlaylistReadRepository } from './playlist-read.repository.js';
import { ReadDb } from './read-db.js';

@Module({
  controllers: [CatalogueController],
  providers: [CatalogueService, CatalogueRepository, PlaylistReadRepository, MediaUrls, ReadDb],
  exports: [PlaylistReadRepository, MediaUrls, CatalogueRepository, ReadDb],
})
export class CatalogueModule {}
