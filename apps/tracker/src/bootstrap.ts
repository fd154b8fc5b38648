import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '@app/config';
import { clientErrorOptions, createValidationPipe, HttpExceptionFilter, registerRequestShapeChecks } from '@app/common';
import { TrackerModule } from './tracker.module.js';

/** The tracking service: a separate process and port (DESIGN.md §1). */
export async function createTrackerApp(
  config: AppConfig,
  options: { logger?: false } = {},
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 2 * 1024 * 1024,
    // The router's and Node's parser's own refusals (a malformed URL, a bad Content-Length)
    // answer {"message"} as everything else does (the api's bootstrap does the same).
    ...clientErrorOptions(),
  });
  const app = await NestFactory.create<NestFastifyApplication>(TrackerModule.forRoot(config), adapter, {
    logger: options.logger ?? ['error', 'warn', 'log'],
  });
  // Browsers reach the tracker through the api's /tracker/, but it is a server of its own: the
  // same edge checks (NUL characters, nesting that overflowed class-transformer with a 500).
  registerRequestShapeChecks(app.getHttpAdapter().getInstance());
  app.useGlobalFilters(new HttpExceptionFilter());
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();
  return app;
}
