import { Module } from '@nestjs/common';
import { ThemesController } from './themes.controller.js';
import { ThemesRepository } from './themes.repository.js';
import { ThemesService } from './themes.service.js';

@Module({
  controllers: [ThemesController],
  providers: [ThemesService, ThemesRepository],
})
export class AdminThemesModule {}
