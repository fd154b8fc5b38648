import { Global, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import type { FastifyInstance } from 'fastify';
import { DataSource } from 'typeorm';
import { AppConfig } from '@app/config';
import { User } from '@app/db';
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
    const jwt = new JwtService({ secret: this.config.JWT_SECRET, verifyOptions: { algorithms: ['HS256'] } });
    const isStaff: StaffCheck = async (token) => {
      if (!token) return 'anonymous';
      let claims: { token_type?: string; user_id?: unknown };
      try {
        claims = await jwt.verifyAsync(token);
      } catch {
        return 'anonymous';
      }
      if (claims.token_type !== 'access' || !Number.isInteger(claims.user_id)) return 'anonymous';
      const user = await this.dataSource.getRepository(User).findOneBy({ id: claims.user_id as number });
      if (!user?.isActive) return 'anonymous';
      return user.isStaff ? 'ok' : 'forbidden';
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
