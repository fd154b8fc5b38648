import { Module } from '@nestjs/common';
import { AdminCommonModule } from '../common/admin-common.module.js';
import { BannersController } from './banners.controller.js';
import { BannersRepository } from './banners.repository.js';
import { BannersService } from './banners.service.js';

@Module({
  imports: [AdminCommonModule],
  controllers: [BannersController],
  providers: [BannersService, BannersRepository],
})
export class AdminBannersModule {}
