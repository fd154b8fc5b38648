import { Module } from '@nestjs/common';
import { VideoUploads } from '../videos/video-uploads.js';
import { WaveformsController } from './waveforms.controller.js';
import { WaveformsRepository } from './waveforms.repository.js';
import { WaveformsService } from './waveforms.service.js';

@Module({
  controllers: [WaveformsController],
  providers: [WaveformsService, WaveformsRepository, VideoUploads],
})
export class AdminWaveformsModule {}
