import { Module } from '@nestjs/common';
import { AdminStatsController } from './stats.controller.js';

@Module({ controllers: [AdminStatsController] })
export class AdminStatsModule {}
