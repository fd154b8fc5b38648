import { Module } from '@nestjs/common';
import { ImagesController } from './images.controller.js';
import { ImagesRepository } from './images.repository.js';
import { ImagesService } from './images.service.js';

/** Uses the global StorageModule's driver (local folder or S3). */
@Module({
  controllers: [ImagesController],
  providers: [ImagesService, ImagesRepository],
})
export class ImagesModule {}
