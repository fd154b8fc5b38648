import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue/catalogue.module.js';
import { ShareController } from './share.controller.js';
import { ShareService } from './share.service.js';

@Module({
  imports: [CatalogueModule],
  controllers: [ShareController],
  providers: [ShareService],
})
export class ShareModule {}
