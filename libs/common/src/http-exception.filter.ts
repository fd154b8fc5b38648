import { ArgumentsHost, Catch, HttpException, HttpStatus, Logger, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { QueryFailedError } from 'typeorm';
import { isDependencyOutage, SERVICE_UNAVAILABLE_MESSAGE } from './dependency-outage.js';
import { clientErrorMessage } from './framework-errors.js';
import { RetryLaterException } from './retry-later.exception.js';

/** Postgres error codes that mean the request was wrong, not the server. */
const PG_CLIENT_ERRORS: Record<string, [number, string]> = {
  '23505': [HttpStatus.CONFLICT, 'Already exists'],
  '23503': [HttpStatus.BAD_REQUEST, 'A referenced item does not exist'],
  '22P02': [HttpStatus.BAD_REQUEST, 'Invalid value'],
  '22003': [HttpStatus.BAD_REQUEST, 'Number out of range'],
  '22001': [HttpStatus.BAD_REQUEST, 'Value too long'],
};

/**
 * Every error leaves as JSON (DESIGN.md §2.3): `{"message": "..."}` with the right status, or
 * the djoser/SimpleJWT shapes that auth endpoints throw as objects. Never a stack trace.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');
  private outageLoggedAt = 0;
  private outagesNotLogged = 0;

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (reply.raw.destroyed && !reply.raw.writableFinished) {
      // The client went away (a cancelled analysis, a closed tab): nobody hears an answer and
      // nothing went wrong here.
      this.logger.debug(`client closed the request: ${messageOf(exception)}`);
      return;
    }
    const [status, body] = this.describe(exception);
    if (status >= 500) this.log(status, exception);
    if (exception instanceof RetryLaterException) void reply.header('retry-after', String(exception.retryAfterSeconds));
    void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
  }

  /** A stack only for what nobody expected; outages and deliberate 5xx get one line. */
  private log(status: number, exception: unknown): void {
    if (exception instanceof HttpException) {
      this.logger.warn(`${status}: ${messageOf(exception)}`);
    } else if (status === HttpStatus.SERVICE_UNAVAILABLE) {
      // Every request fails the same way during an outage: one line per 5 s is enough.
      if (Date.now() - this.outageLoggedAt < 5000) {
        this.outagesNotLogged++;
        return;
      }
      const more = this.outagesNotLogged ? ` (and ${this.outagesNotLogged} more since the last report)` : '';
      this.outageLoggedAt = Date.now();
      this.outagesNotLogged = 0;
      this.logger.warn(`dependency unavailable: ${messageOf(exception)}${more}`);
    } else {
      this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    }
  }

  private describe(exception: unknown): [number, object] {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      if (typeof response === 'string') return [status, { message: response }];
      const record = response as Record<string, unknown>;
      // Nest's default shape {statusCode, message, error}: keep only the message.
      if ('statusCode' in record && 'message' in record) {
        const message = Array.isArray(record.message) ? record.message[0] : record.message;
        return [status, { message: String(message) }];
      }
      return [status, record];
    }
    if (isDependencyOutage(exception))
      return [HttpStatus.SERVICE_UNAVAILABLE, { message: SERVICE_UNAVAILABLE_MESSAGE }];
    if (exception instanceof QueryFailedError) {
      const code = (exception.driverError as { code?: string } | undefined)?.code ?? '';
      const known = PG_CLIENT_ERRORS[code];
      if (known) return [known[0], { message: known[1] }];
    }
    const fastifyError = exception as { statusCode?: number; message?: string; code?: string };
    if (
      typeof fastifyError?.statusCode === 'number' &&
      fastifyError.statusCode >= 400 &&
      fastifyError.statusCode < 500
    ) {
      // Fastify's own client errors (malformed JSON, body too large, bad content type).
      return [fastifyError.statusCode, { message: clientErrorMessage(fastifyError) }];
    }
    return [HttpStatus.INTERNAL_SERVER_ERROR, { message: 'Internal server error' }];
  }
}

function messageOf(exception: unknown): string {
  if (exception instanceof HttpException) {
    const response = exception.getResponse() as string | { message?: unknown; detail?: unknown };
    if (typeof response === 'string') return response;
    return String(response.message ?? response.detail ?? exception.message);
  }
  if (exception instanceof Error) {
    const code = (exception as { code?: unknown }).code;
    return `${exception.message || exception.name}${typeof code === 'string' ? ` (${code})` : ''}`;
  }
  return String(exception);
}
