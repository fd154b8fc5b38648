import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, type Job, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { AppConfig } from '@app/config';
import { JOB_OPTIONS, JOB_QUEUE, JobName, QueueName, jobId, type JobPayload } from '@app/contracts';

/** Retry and retention come from the shared job catalogue, so every producer behaves the same. */
function jobOptions(name: JobName): JobsOptions {
  return { ...JOB_OPTIONS[name] };
}

/** States in which an existing job will still run and so will see the newest data by itself. */
const PENDING_STATES = new Set(['waiting', 'delayed', 'prioritized', 'waiting-children']);

export interface JobSummary {
  id: string;
  state: string;
  progress: number;
  attemptsMade: number;
  failedReason: string | null;
}

/**
 * The BullMQ producer side of the api: one Queue per QueueName on one Redis connection, all
 * under REDIS_PREFIX so the worker (same config) sees the same keys.
 */
@Injectable()
export class QueueService implements OnApplicationShutdown {
  private readonly logger = new Logger('QueueService');
  private readonly connection: Redis;
  private readonly queues: Map<QueueName, Queue>;

  constructor(config: AppConfig) {
    // Fail a command after a couple of reconnect attempts instead of hanging the request.
    this.connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 });
    this.connection.on('error', (error) => this.logger.warn(`redis: ${error.message}`));
    this.queues = new Map(
      Object.values(QueueName).map((name) => [
        name,
        new Queue(name, { connection: this.connection, prefix: config.REDIS_PREFIX }),
      ]),
    );
  }

  queue(name: QueueName): Queue {
    return this.queues.get(name)!;
  }

  allQueues(): Queue[] {
    return [...this.queues.values()];
  }

  /**
   * Adds a job under its deterministic id. A pending job with that id is left alone (it reads
   * the newest state from Postgres when it runs); a finished or failed one is replaced; a
   * running one gets one follow-up run so changes made while it ran are not lost.
   */
  async enqueue<N extends JobName>(name: N, payload: JobPayload<N>): Promise<Job> {
    const queue = this.queue(JOB_QUEUE[name]);
    const id = jobId(name, payload);
    const existing = await queue.getJob(id);
    if (existing) {
      const state = await existing.getState();
      if (PENDING_STATES.has(state)) return existing;
      if (state === 'active') return this.addFollowUp(queue, name, payload, `${id}-again`);
      await existing.remove();
    }
    return queue.add(name, payload, { ...jobOptions(name), jobId: id });
  }

  private async addFollowUp(queue: Queue, name: JobName, payload: object, id: string): Promise<Job> {
    const existing = await queue.getJob(id);
    if (existing) {
      const state = await existing.getState();
      if (state !== 'completed' && state !== 'failed') return existing;
      await existing.remove();
    }
    return queue.add(name, payload, { ...jobOptions(name), jobId: id });
  }

  /** The newest job of `name` for `payload` (the main run or its follow-up), or null. */
  async findJob<N extends JobName>(name: N, payload: JobPayload<N>): Promise<Job | null> {
    const queue = this.queue(JOB_QUEUE[name]);
    const id = jobId(name, payload);
    const jobs = (await Promise.all([queue.getJob(id), queue.getJob(`${id}-again`)])).filter(
      (job): job is Job => !!job,
    );
    return jobs.sort((a, b) => b.timestamp - a.timestamp)[0] ?? null;
  }

  async summary<N extends JobName>(name: N, payload: JobPayload<N>): Promise<JobSummary | null> {
    const job = await this.findJob(name, payload);
    if (!job?.id) return null;
    return {
      id: job.id,
      state: await job.getState(),
      progress: typeof job.progress === 'number' ? job.progress : 0,
      attemptsMade: job.attemptsMade,
      failedReason: job.failedReason ?? null,
    };
  }

  /**
   * Removes the jobs of `name` for `payload` that have not started. A running job cannot be
   * removed (it holds a lock); its processor finds the row gone and stops.
   */
  async removeJobs<N extends JobName>(name: N, payload: JobPayload<N>): Promise<void> {
    const queue = this.queue(JOB_QUEUE[name]);
    const id = jobId(name, payload);
    for (const candidate of [id, `${id}-again`]) {
      const job = await queue.getJob(candidate);
      if (!job) continue;
      try {
        await job.remove();
      } catch (error) {
        this.logger.warn(`job ${candidate} not removed (probably running): ${(error as Error).message}`);
      }
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled(this.allQueues().map((queue) => queue.close()));
    this.connection.disconnect();
  }
}
