import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import type { AppConfig } from '@app/config';
import type { StorageDriver } from '@app/media';
import { HealthServer } from './health-server.js';
import { JobQueues } from '@app/contracts';
import { createLogger, PinoNestLogger, type Logger } from './logger.js';
import { Reconciler } from './reconciler.js';
import { ScratchSpace } from './scratch-space.js';
import { REDIS } from './tokens.js';
import { WorkerHost } from './worker-host.js';
import { WorkerModule } from './worker.module.js';
import type { WorkerSettings } from './worker.settings.js';

export interface WorkerApp {
  context: INestApplicationContext;
  log: Logger;
  /** Port of the health endpoints (useful when WORKER_PORT is 0). */
  port: number;
  /** Stops taking jobs, lets running ones finish or hands them back, then closes connections. */
  stop(): Promise<void>;
}

/**
 * Builds and starts the worker: the job catalogue is checked while the module is created, so
 * a missing processor stops the boot before any job is taken.
 */
export async function startWorker(
  config: AppConfig,
  settings: WorkerSettings,
  options: { logger?: Logger; storage?: StorageDriver } = {},
): Promise<WorkerApp> {
  const log = options.logger ?? createLogger(config.LOG_LEVEL);
  const context = await NestFactory.createApplicationContext(
    WorkerModule.forRoot({ config, settings, logger: log, storage: options.storage }),
    { logger: new PinoNestLogger(log), abortOnError: false },
  );
  await context.get(ScratchSpace).removeLeftovers();
  const host = context.get(WorkerHost);
  host.start();
  await host.waitUntilReady();
  const reconciler = context.get(Reconciler);
  reconciler.start();
  const health = context.get(HealthServer);
  const port = await health.start();

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      log.info('worker stopping');
      await reconciler.stop();
      await host.stop();
      await health.stop();
      await context.get(JobQueues).close();
      await context.get<Redis>(REDIS).quit();
      await context.get(DataSource).destroy();
      await context.close();
      log.info('worker stopped');
    })());
  return { context, log, port, stop };
}
