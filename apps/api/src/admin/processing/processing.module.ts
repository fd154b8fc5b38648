import { Module } from '@nestjs/common';
import { ProcessingController } from './processing.controller.js';
import { ProcessingRepository } from './processing.repository.js';
import { ProcessingService } from './processing.service.js';

/** The staff console's processing page: what the media pipeline is doing across the catalogue. */
@Module({
  controllers: [ProcessingController],
  providers: [ProcessingService, ProcessingRepository],
})
export class AdminProcessingModule {}
