import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { AppConfig } from '@app/config';

/**
 * Uploads stored but not yet saved as a video, with when staff last touched each (the upload's
 * end, then the Add Video screen asking for its processing): a Redis sorted set, so the stale
 * ones can be found without listing storage. Lost with Redis, the cost is unswept files,
 * never a broken video.
 */
@Injectable()
export class PendingUploads implements OnApplicationShutdown {
  private readonly logger = new Logger('PendingUploads');
  private readonly redis: Redis;
  private readonly key: string;

  constructor(config: AppConfig) {
    this.redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: true });
    this.redis.on('error', (error) => this.logger.warn(`redis: ${error.message}`));
    this.key = `${config.REDIS_PREFIX}:api:pending-uploads`;
  }

  async touch(uploadKey: string, at = Date.now()): Promise<void> {
    await this.redis.zadd(this.key, at, uploadKey);
  }

  async forget(uploadKey: string): Promise<void> {
    await this.redis.zrem(this.key, uploadKey);
  }

  /** Uploads nobody touched since `before` (ms). */
  untouchedSince(before: number, limit = 500): Promise<string[]> {
    return this.redis.zrangebyscore(this.key, '-inf', `(${before}`, 'LIMIT', 0, limit);
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
