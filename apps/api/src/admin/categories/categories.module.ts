import { Module } from '@nestjs/common';
import { AdminCommonModule } from '../common/admin-common.module.js';
import { CategoriesController } from './categories.controller.js';
import { CategoriesRepository } from './categories.repository.js';
import { CategoriesService } from './categories.service.js';

@Module({
  imports: [AdminCommonModule],
  controllers: [CategoriesController],
  providers: [CategoriesService, CategoriesRepository],
})
export class AdminCategoriesModule {}
