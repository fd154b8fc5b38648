import type { LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';

export type { Logger } from 'pino';

/** One JSON line per event on stdout (DESIGN.md §9); `service` tells worker lines apart from api lines. */
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'worker', pid: process.pid } });
}

/** Lets Nest's own messages (module init, errors during bootstrap) go through the same pino logger. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}

/** The media library's logger interface, backed by a job's pino logger. */
export function toMediaLogger(log: Logger): { debug: MediaLogFn; warn: MediaLogFn } {
  return {
    debug: (message, meta) => log.debug(meta ?? {}, message),
    warn: (message, meta) => log.warn(meta ?? {}, message),
  };
}
type MediaLogFn = (message: string, meta?: Record<string, unknown>) => void;
