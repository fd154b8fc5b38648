import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '@app/config';
import { createValidationPipe, HttpExceptionFilter } from '@app/common';
import { TrackerModule } from './tracker.module.js';

/** The tracking service: a separate process and port (DESIGN.md §1). */
export async function createTrackerApp(
  config: AppConfig,
  options: { logger?: false } = {},
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({ routerOptions: { ignoreTrailingSlash: true }, bodyLimit: 2 * 1024 * 1024 });
  const app = await NestFactory.create<NestFastifyApplication>(TrackerModule.forRoot(config), adapter, {
    logger: options.logger ?? ['error', 'warn', 'log'],
  });
  app.useGlobalFilters(new HttpExceptionFilter());
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();
  return app;
}
