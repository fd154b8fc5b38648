import { Module } from '@nestjs/common';
import { AdminCommonModule } from '../common/admin-common.module.js';
import { SubtitlesController } from './subtitles.controller.js';
import { SubtitlesRepository } from './subtitles.repository.js';
import { SubtitlesService } from './subtitles.service.js';

/** Subtitles and lyrics of videos (words on screen). */
@Module({
  imports: [AdminCommonModule],
  controllers: [SubtitlesController],
  providers: [SubtitlesService, SubtitlesRepository],
})
export class AdminSubtitlesModule {}
