import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '@app/config';
import { dataSourceOptions, ENTITIES } from '@app/db';
import { FingerprintIndex } from './lookup/fingerprint-index.js';
import { LookupController } from './lookup/lookup.controller.js';
import { LookupRepository } from './lookup/lookup.repository.js';
import { LookupService } from './lookup/lookup.service.js';
import { HealthController } from './health.controller.js';

@Module({})
export class TrackerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: TrackerModule,
      imports: [TypeOrmModule.forRoot(dataSourceOptions(config.DATABASE_URL)), TypeOrmModule.forFeature(ENTITIES)],
      controllers: [LookupController, HealthController],
      providers: [{ provide: AppConfig, useValue: config }, LookupRepository, FingerprintIndex, LookupService],
    };
  }
}
