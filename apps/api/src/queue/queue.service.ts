import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { AppConfig } from '@app/config';
import {
  ALL_QUEUES,
  JOB_QUEUE,
  JobName,
  JobQueues,
  QueueName,
  jobRunIds,
  readJobProgress,
  type JobPayload,
} from '@app/contracts';

export interface JobSummary {
  id: string;
  state: string;
  /** 0..100 */
  progress: number;
  /** The stage running now ('' when the job names none). */
  stage: string;
  secondsLeft: number | null;
  attemptsMade: number;
  failedReason: string | null;
}

/**
 * The BullMQ producer side of the api: the catalogue's queues (JobQueues) on one Redis
 * connection, all under REDIS_PREFIX so the worker (same config) sees the same keys.
 */
@Injectable()
export class QueueService implements OnApplicationShutdown {
  private readonly logger = new Logger('QueueService');
  private readonly connection: Redis;
  private readonly queues: JobQueues;

  constructor(config: AppConfig) {
    // Fail a command after a couple of reconnect attempts instead of hanging the request.
    this.connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 });
    this.connection.on('error', (error) => this.logger.warn(`redis: ${error.message}`));
    this.queues = new JobQueues(this.connection, config.REDIS_PREFIX);
  }

  queue(name: QueueName): Queue {
    return this.queues.queue(name);
  }

  allQueues(): Queue[] {
    return ALL_QUEUES.map((name) => this.queues.queue(name));
  }

  /**
   * Adds a job by the one enqueue rule (enqueueJob in @app/contracts) as a `rerun`: every call
   * here follows a change, so a running job gets one follow-up run and a finished one is replaced.
   */
  async enqueue<N extends JobName>(name: N, payload: JobPayload<N>): Promise<Job> {
    return (await this.queues.enqueue(name, payload, 'rerun')).job;
  }

  /** The newest job of `name` for `payload` (the main run or its follow-up), or null. */
  async findJob<N extends JobName>(name: N, payload: JobPayload<N>): Promise<Job | null> {
    const queue = this.queue(JOB_QUEUE[name]);
    const jobs = (await Promise.all(jobRunIds(name, payload).map((id) => queue.getJob(id)))).filter(
      (job): job is Job => !!job,
    );
    return jobs.sort((a, b) => b.timestamp - a.timestamp)[0] ?? null;
  }

  async summary<N extends JobName>(name: N, payload: JobPayload<N>): Promise<JobSummary | null> {
    const job = await this.findJob(name, payload);
    if (!job?.id) return null;
    const progress = readJobProgress(job.progress);
    return {
      id: job.id,
      state: await job.getState(),
      progress: progress.percent,
      stage: progress.stage,
      secondsLeft: progress.secondsLeft,
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
    for (const candidate of jobRunIds(name, payload)) {
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
    await this.queues.close().catch(() => undefined);
    this.connection.disconnect();
  }
}
