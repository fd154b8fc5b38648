import { Module } from '@nestjs/common';
import { AdminVideosModule } from '../videos/videos.module.js';
import { WaveformsController } from './waveforms.controller.js';
import { WaveformsRepository } from './waveforms.repository.js';
import { WaveformsService } from './waveforms.service.js';

@Module({
  imports: [AdminVideosModule],
  controllers: [WaveformsController],
  providers: [WaveformsService, WaveformsRepository],
})
export class AdminWaveformsModule {}
