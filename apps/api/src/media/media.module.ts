import { Global, Module } from '@nestjs/common';
import { CatalogueCacheModule } from '../catalogue-cache/catalogue-cache.module.js';
import { MediaAccessService } from './media-access.service.js';
import { MediaSigner } from './media-signer.js';
import { MediaController } from './media.controller.js';
import { MediaRepository } from './media.repository.js';
import { StaffMediaUrls } from './staff-media-urls.js';

/**
 * Media serving and the signed staff addresses. Global so that the image service and the admin
 * answers that carry media addresses sign them with the one MediaSigner.
 */
@Global()
@Module({
  imports: [CatalogueCacheModule],
  controllers: [MediaController],
  providers: [MediaAccessService, MediaRepository, MediaSigner, StaffMediaUrls],
  exports: [MediaSigner, StaffMediaUrls],
})
export class MediaModule {}
