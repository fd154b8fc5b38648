import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { AppConfig } from '@app/config';
import type { StorageDriver } from '@app/media';
import type { Logger } from './logger.js';
import { WorkerMetrics } from './metrics.js';
import { LOGGER, REDIS, STORAGE } from './tokens.js';
import { WorkerHost } from './worker-host.js';

const CHECK_TIMEOUT_MS = 2000;

/**
 * `/healthz` (the process answers), `/readyz` (Postgres, Redis and storage reachable and the
 * queue workers running) for orchestrators, and `/metrics` for Prometheus (DESIGN.md §9).
 * A plain HTTP server: the worker has no other HTTP surface.
 */
@Injectable()
export class HealthServer {
  private server: Server | undefined;

  constructor(
    private readonly config: AppConfig,
    private readonly host: WorkerHost,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(STORAGE) private readonly storage: StorageDriver,
    private readonly metrics: WorkerMetrics,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  async start(port = this.config.WORKER_PORT): Promise<number> {
    const server = createServer((request, response) => {
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        response.end(JSON.stringify(body));
      };
      const path = (request.url ?? '/').split('?')[0];
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        send(405, { message: 'Method not allowed' });
      } else if (path === '/healthz') {
        send(200, { status: 'ok' });
      } else if (path === '/readyz') {
        this.problems().then(
          (problems) =>
            problems.length === 0 ? send(200, { status: 'ok' }) : send(503, { message: problems.join('; ') }),
          () => send(503, { message: 'Readiness check failed' }),
        );
      } else if (path === '/metrics') {
        this.metrics.registry.metrics().then(
          (body) => {
            response.writeHead(200, { 'content-type': this.metrics.registry.contentType });
            response.end(body);
          },
          () => send(503, { message: 'Metrics are not available' }),
        );
      } else {
        send(404, { message: 'Not found' });
      }
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '0.0.0.0', () => resolve());
    });
    this.server = server;
    const actual = (server.address() as AddressInfo).port;
    this.log.info({ port: actual }, 'health endpoints listening');
    return actual;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** What is not reachable, in words; empty when ready. */
  async problems(): Promise<string[]> {
    const checks: [string, () => Promise<unknown>][] = [
      ['Postgres is not reachable', () => this.dataSource.query('SELECT 1')],
      ['Redis is not reachable', () => this.redis.ping()],
      // Any key will do: a missing object is an answer, an unreachable store is an error.
      ['Storage is not reachable', () => this.storage.exists('healthz/probe')],
    ];
    const results = await Promise.all(
      checks.map(([, check]) =>
        withTimeout(check()).then(
          () => true,
          () => false,
        ),
      ),
    );
    const problems = checks.filter((_, i) => !results[i]).map(([message]) => message);
    if (!this.host.running) problems.push('Queue workers are not running');
    return problems;
  }
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS).unref()),
  ]);
}
