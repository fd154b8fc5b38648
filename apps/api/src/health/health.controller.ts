import { Controller, Get, Header, HttpCode } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { assertReady } from '@app/common';
import type { StorageDriver } from '@app/media';
import { QueueService } from '../queue/queue.service.js';
import { InjectStorage } from '../storage/storage.module.js';

@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queues: QueueService,
    @InjectStorage() private readonly storage: StorageDriver,
  ) {}

  /** Alive: the process answers. */
  @Get('healthz')
  @HttpCode(200)
  healthz(): { status: string } {
    return { status: 'ok' };
  }

  /**
   * Ready (DESIGN.md §9): Postgres, Redis and storage answer. Redis is asked on the queues'
   * own connection, the one uploads and analyses use.
   */
  @Get('readyz')
  @Header('cache-control', 'no-store')
  readyz(): Promise<{ status: string }> {
    return assertReady([
      { name: 'Postgres', probe: () => this.dataSource.query('SELECT 1') },
      { name: 'Redis', probe: () => this.pingRedis() },
      // Any key will do: a missing object is an answer, an unreachable store is an error.
      { name: 'Storage', probe: () => this.storage.exists('healthz/probe') },
    ]);
  }

  private async pingRedis(): Promise<unknown> {
    // BullMQ types its client as a datastore-neutral interface; on the Redis backend it is ioredis.
    const client = (await this.queues.allQueues()[0].getBackend().client) as unknown as Redis;
    return client.ping();
  }
}
