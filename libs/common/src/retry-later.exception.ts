import { HttpException, type HttpStatus } from '@nestjs/common';

/**
 * An answer that tells the client when to come back (429 past a limit, 503 while the limiter's
 * store is down): HttpExceptionFilter sends `retryAfterSeconds` as Retry-After.
 */
export class RetryLaterException extends HttpException {
  readonly retryAfterSeconds: number;

  constructor(body: Record<string, string>, status: HttpStatus, retryAfterSeconds: number) {
    super(body, status);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}
