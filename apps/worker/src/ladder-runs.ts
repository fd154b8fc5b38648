import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { AppConfig } from '@app/config';
import { REDIS } from './tokens.js';

/**
 * Storage prefixes of ladders still being written, per video. Each run writes to a fresh
 * prefix; if the worker dies mid-upload the prefix is left half-written, and the run that
 * finally succeeds deletes every prefix recorded here except its own. (Redis holds this
 * bookkeeping only: if it is lost, the cost is unreferenced files, never a broken video.)
 */
@Injectable()
export class LadderRuns {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: AppConfig,
  ) {}

  private key(videoId: number): string {
    return `${this.config.REDIS_PREFIX}:worker:hls-runs:${videoId}`;
  }

  async begin(videoId: number, prefix: string): Promise<void> {
    await this.redis.sadd(this.key(videoId), prefix);
  }

  /** Prefixes of earlier runs that never went live. */
  async abandoned(videoId: number, current: string): Promise<string[]> {
    return (await this.redis.smembers(this.key(videoId))).filter((p) => p !== current);
  }

  async forget(videoId: number, prefixes: readonly string[]): Promise<void> {
    if (prefixes.length > 0) await this.redis.srem(this.key(videoId), ...prefixes);
  }
}
