import { Module } from '@nestjs/common';
import { LookupsController, PublicLookupsController } from './lookups.controller.js';
import { LookupsRepository } from './lookups.repository.js';
import { LookupsService } from './lookups.service.js';

@Module({
  controllers: [PublicLookupsController, LookupsController],
  providers: [LookupsService, LookupsRepository],
  exports: [LookupsRepository],
})
export class AdminLookupsModule {}
