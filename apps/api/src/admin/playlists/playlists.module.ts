import { Module } from '@nestjs/common';
import { AdminCommonModule } from '../common/admin-common.module.js';
import { AdminPlaylistsController } from './playlists.controller.js';
import { PlaylistBulkRepository } from './playlist-bulk.repository.js';
import { PlaylistBulkService } from './playlist-bulk.service.js';
import { AdminPlaylistsRepository } from './playlists.repository.js';
import { AdminPlaylistsService } from './playlists.service.js';

@Module({
  imports: [AdminCommonModule],
  controllers: [AdminPlaylistsController],
  providers: [AdminPlaylistsService, AdminPlaylistsRepository, PlaylistBulkService, PlaylistBulkRepository],
})
export class AdminPlaylistsModule {}
