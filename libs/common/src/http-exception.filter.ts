import { ArgumentsHost, Catch, HttpException, HttpStatus, Logger, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { QueryFailedError } from 'typeorm';

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

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const [status, body] = this.describe(exception);
    if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
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
      return [fastifyError.statusCode, { message: clientMessage(fastifyError) }];
    }
    return [HttpStatus.INTERNAL_SERVER_ERROR, { message: 'Internal server error' }];
  }
}

function clientMessage(error: { code?: string; message?: string }): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Malformed JSON body';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    default:
      return error.message ?? 'Bad request';
  }
}
