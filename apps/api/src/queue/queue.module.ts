import { Global, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { DataSource } from 'typeorm';
import { AppConfig } from '@app/config';
import { staffTokenChecker } from '../auth/staff-token.js';
import { registerQueueDashboard, type StaffCheck } from './bull-board.js';
import { QueueService } from './queue.service.js';

/** Mounts Bull Board on the api's fastify instance once the Nest app is being set up. */
@Injectable()
class QueueDashboard implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly queues: QueueService,
    private readonly config: AppConfig,
    private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    const check = staffTokenChecker(this.config.JWT_SECRET, this.dataSource);
    const isStaff: StaffCheck = async (token) => {
      const result = await check(token);
      return result.kind;
    };
    registerQueueDashboard(fastify, this.queues.allQueues(), isStaff);
  }
}

/** The BullMQ producer (QueueService, injectable everywhere) and the staff queue dashboard. */
@Global()
@Module({
  providers: [QueueService, QueueDashboard],
  exports: [QueueService],
})
export class QueueModule {}
