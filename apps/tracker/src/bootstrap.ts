import 'reflect-metadata';
import { BadRequestException, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
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
  app.useGlobalPipes(refusingDeepBodies(createValidationPipe()));
  app.enableShutdownHooks();
  return app;
}

/**
 * class-transformer walks the body recursively before the DTO is checked, so a body nested a
 * few thousand levels deep (any client can send one through /tracker/) overflows the stack
 * there. The lookups take flat lists of numbers: such a body is the client's error, a 400.
 */
function refusingDeepBodies(pipe: PipeTransform): PipeTransform {
  return {
    async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
      try {
        return (await pipe.transform(value, metadata)) as unknown;
      } catch (error) {
        if (error instanceof RangeError && /call stack/i.test(error.message)) {
          throw new BadRequestException({ message: 'The request body is nested too deeply' });
        }
        throw error;
      }
    },
  };
}
