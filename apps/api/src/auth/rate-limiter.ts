import { createHash } from 'node:crypto';
import {
  Catch,
  HttpException,
  HttpStatus,
  Injectable,
  Logger,
  type ArgumentsHost,
  type ExceptionFilter,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Redis } from 'ioredis';
import { AppConfig } from '@app/config';
import { AUTH_MESSAGES } from '@app/contracts';

export type LimitedAction = 'login' | 'reset';

export class TooManyAttemptsException extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super({ detail: AUTH_MESSAGES.tooManyAttempts }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/** Adds Retry-After to 429 answers (the global filter knows nothing about it). */
@Catch(TooManyAttemptsException)
export class TooManyAttemptsFilter implements ExceptionFilter {
  catch(exception: TooManyAttemptsException, host: ArgumentsHost): void {
    void host
      .switchToHttp()
      .getResponse<FastifyReply>()
      .status(exception.getStatus())
      .header('retry-after', String(exception.retryAfterSeconds))
      .header('content-type', 'application/json; charset=utf-8')
      .send(exception.getResponse());
  }
}

/** Who is counted: the account named in the request and the client address it came from. */
export interface Attempt {
  email: string;
  ip: string;
}

/**
 * Fixed-window counters in Redis (shared by every api replica): LOGIN_MAX_ATTEMPTS per
 * LOGIN_WINDOW_SECONDS, per account and per client address. Counted for any e-mail, registered
 * or not, so a 429 reveals nothing about which accounts exist.
 */
@Injectable()
export class RateLimiter implements OnModuleDestroy {
  private readonly logger = new Logger('RateLimiter');
  private readonly redis: Redis;
  private lastErrorLog = 0;

  constructor(private readonly config: AppConfig) {
    this.redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, commandTimeout: 2000, lazyConnect: true });
    this.redis.on('error', (error: Error) => this.logThrottled(`Redis: ${error.message}`));
  }

  async onModuleDestroy(): Promise<void> {
    this.redis.disconnect();
  }

  /** Throws 429 when either counter for this attempt is already at the limit. */
  async assertAllowed(action: LimitedAction, attempt: Attempt): Promise<void> {
    const keys = this.keys(action, attempt);
    const result = await this.safely(async () => {
      const counts = await this.redis.mget(...keys);
      const blocked = keys.filter((_key, index) => Number(counts[index] ?? 0) >= this.config.LOGIN_MAX_ATTEMPTS);
      if (blocked.length === 0) return 0;
      const ttls = await Promise.all(blocked.map((key) => this.redis.ttl(key)));
      return Math.max(1, ...ttls);
    });
    if (result) throw new TooManyAttemptsException(result);
  }

  /** Counts one failed login, or one reset request. */
  async record(action: LimitedAction, attempt: Attempt): Promise<void> {
    await this.safely(async () => {
      const pipeline = this.redis.multi();
      for (const key of this.keys(action, attempt)) {
        // The window starts at the first attempt; later ones do not extend it.
        pipeline.set(key, 0, 'EX', this.config.LOGIN_WINDOW_SECONDS, 'NX').incr(key);
      }
      await pipeline.exec();
    });
  }

  /** A successful login clears the account's counter (not the address's: one good password must not unlock guessing at others). */
  async clearAccount(action: LimitedAction, email: string): Promise<void> {
    await this.safely(() => this.redis.del(this.accountKey(action, email)));
  }

  private keys(action: LimitedAction, attempt: Attempt): string[] {
    return [this.accountKey(action, attempt.email), `${this.config.REDIS_PREFIX}:ratelimit:${action}:ip:${attempt.ip}`];
  }

  private accountKey(action: LimitedAction, email: string): string {
    // Hashed so that Redis never holds e-mail addresses.
    const account = createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
    return `${this.config.REDIS_PREFIX}:ratelimit:${action}:account:${account}`;
  }

  /**
   * Redis being down must not stop people from signing in: the limiter then lets requests
   * through and says so in the log.
   */
  private async safely<T>(operation: () => Promise<T>): Promise<T | undefined> {
    try {
      return await operation();
    } catch (error) {
      this.logThrottled(`rate limiting skipped: ${(error as Error).message}`);
      return undefined;
    }
  }

  private logThrottled(message: string): void {
    if (Date.now() - this.lastErrorLog < 10_000) return;
    this.lastErrorLog = Date.now();
    this.logger.warn(message);
  }
}
