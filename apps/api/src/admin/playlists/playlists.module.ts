import { Module } from '@nestjs/common';
import { AdminCommonModule } from '../common/admin-common.module.js';
import { AdminPlaylistsController } from './playlists.controller.js';
import { AdminPlaylistsRepository } from './playlists.repository.js';
import { AdminPlaylistsService } from './playlists.service.js';

@Module({
  imports: [AdminCommonModule],
  controllers: [AdminPlaylistsController],
  providers: [AdminPlaylistsService, AdminPlaylistsRepository],
})
export class AdminPlaylistsModule {}
