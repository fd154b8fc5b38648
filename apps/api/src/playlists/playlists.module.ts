import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue/catalogue.module.js';
import { PlaylistExportService } from './playlist-export.service.js';
import { PlaylistsController } from './playlists.controller.js';
import { PlaylistsRepository } from './playlists.repository.js';
import { PlaylistsService } from './playlists.service.js';

@Module({
  imports: [CatalogueModule],
  controllers: [PlaylistsController],
  providers: [PlaylistsService, PlaylistsRepository, PlaylistExportService],
})
export class PlaylistsModule {}
