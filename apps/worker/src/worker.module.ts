import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { AppConfig } from '@app/config';
import { createDataSource } from '@app/db';
import { createStorage, type StorageDriver } from '@app/media';
import { HealthServer } from './health-server.js';
import { JOB_PROCESSORS, type JobProcessor } from './job-processor.js';
import { JobQueues } from '@app/contracts';
import { LadderRuns } from './ladder-runs.js';
import { WorkerMetrics } from './metrics.js';
import type { Logger } from './logger.js';
import { ImageResizeProcessor } from './processors/image-resize.processor.js';
import { TrackExcerptProcessor } from './processors/track-excerpt.processor.js';
import { TrackFingerprintProcessor } from './processors/track-fingerprint.processor.js';
import { UploadWaveformProcessor } from './processors/upload-waveform.processor.js';
import { VideoAnalyzeProcessor } from './processors/video-analyze.processor.js';
import { VideoStoryboardProcessor } from './processors/video-storyboard.processor.js';
import { VideoTranscodeProcessor } from './processors/video-transcode.processor.js';
import { Reconciler } from './reconciler.js';
import { AudioWatermarker } from './recognition/audio-watermarker.js';
import { RecognitionEngine } from './recognition/recognition-engine.js';
import { AlbumTrackJobsRepository } from './repositories/album-track-jobs.repository.js';
import { ImageOwnersRepository } from './repositories/image-owners.repository.js';
import { VideoJobsRepository } from './repositories/video-jobs.repository.js';
import { WatermarkCodesRepository } from './repositories/watermark-codes.repository.js';
import { ScratchSpace } from './scratch-space.js';
import { LOGGER, REDIS, STORAGE } from './tokens.js';
import { WorkerHost } from './worker-host.js';
import { WorkerSettings } from './worker.settings.js';

/** Every job type's processor; the host checks at boot that each job has exactly one. */
export const PROCESSORS = [
  VideoTranscodeProcessor,
  ImageResizeProcessor,
  TrackExcerptProcessor,
  TrackFingerprintProcessor,
  VideoAnalyzeProcessor,
  VideoStoryboardProcessor,
  UploadWaveformProcessor,
];

export interface WorkerModuleOptions {
  config: AppConfig;
  settings: WorkerSettings;
  logger: Logger;
  /** Tests pass their own storage (e.g. S3 against s3rver); otherwise the configured driver. */
  storage?: StorageDriver;
}

@Module({})
export class WorkerModule {
  static forRoot(options: WorkerModuleOptions): DynamicModule {
    const providers: Provider[] = [
      { provide: AppConfig, useValue: options.config },
      { provide: WorkerSettings, useValue: options.settings },
      { provide: LOGGER, useValue: options.logger },
      {
        provide: DataSource,
        inject: [AppConfig],
        useFactory: (config: AppConfig) =>
          // A few connections are plenty: jobs do little SQL, and several workers share Postgres.
          createDataSource(config.DATABASE_URL, { extra: { max: 5 } }).initialize(),
      },
      {
        provide: REDIS,
        inject: [AppConfig],
        // BullMQ workers block on Redis, so commands must wait rather than fail after N retries.
        useFactory: (config: AppConfig) => new Redis(config.REDIS_URL, { maxRetriesPerRequest: null }),
      },
      {
        provide: STORAGE,
        inject: [AppConfig],
        useFactory: (config: AppConfig) => options.storage ?? createStorage(config),
      },
      {
        provide: JobQueues,
        inject: [REDIS, AppConfig],
        useFactory: (redis: Redis, config: AppConfig) => new JobQueues(redis, config.REDIS_PREFIX),
      },
      VideoJobsRepository,
      AlbumTrackJobsRepository,
      WatermarkCodesRepository,
      ImageOwnersRepository,
      ScratchSpace,
      LadderRuns,
      WorkerMetrics,
      RecognitionEngine,
      AudioWatermarker,
      ...PROCESSORS,
      {
        provide: JOB_PROCESSORS,
        inject: PROCESSORS,
        useFactory: (...processors: JobProcessor[]) => processors,
      },
      WorkerHost,
      Reconciler,
      HealthServer,
    ];
    return { module: WorkerModule, providers, exports: providers };
  }
}
