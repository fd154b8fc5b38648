import { Module } from '@nestjs/common';
import { AdminCommonModule } from '../common/admin-common.module.js';
import { PendingUploads } from './pending-uploads.js';
import { ResumableUploads } from './resumable-uploads.js';
import { VideoBulkRepository } from './video-bulk.repository.js';
import { VideoBulkService } from './video-bulk.service.js';
import { VideoUploads } from './video-uploads.js';
import { VideosController } from './videos.controller.js';
import { VideosRepository } from './videos.repository.js';
import { VideosService } from './videos.service.js';

@Module({
  imports: [AdminCommonModule],
  controllers: [VideosController],
  providers: [
    VideosService,
    VideosRepository,
    VideoUploads,
    PendingUploads,
    ResumableUploads,
    VideoBulkService,
    VideoBulkRepository,
  ],
  exports: [VideoUploads],
})
export class AdminVideosModule {}
