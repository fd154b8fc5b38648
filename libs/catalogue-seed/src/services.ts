import type { Job, Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { JobName, JobQueues, QueueName, type JobPayload } from '@app/contracts';

/** A job the importer or the seed wants queued once its rows are committed. */
export interface PendingJob<N extends JobName = JobName> {
  name: N;
  payload: JobPayload<N>;
  /**
   * The work must run again (new rows, new audio): a `rerun` (enqueueJob), which replaces a
   * finished job with the same id and gives a running one a follow-up. Without it the job is a
   * `restore` (the track's excerpt or fingerprint is missing): a running job or a failed one
   * (kept for staff) is left.
   */
  rerun?: boolean;
}

/**
 * The seed's and the importer's producer side: the catalogue's queues (JobQueues, the same ids,
 * options and enqueue rule as the api and the worker) on a Redis connection of their own.
 */
export class JobQueue {
  private readonly connection: Redis;
  private readonly queues: JobQueues;

  constructor(redisUrl: string, prefix: string) {
    this.connection = new Redis(redisUrl, { maxRetriesPerRequest: null, lazyConnect: false });
    this.queues = new JobQueues(this.connection, prefix);
  }

  queue(name: QueueName): Queue {
    return this.queues.queue(name);
  }

  /**
   * Queues the job by the one enqueue rule. With `madeSince` (ms), a finished job of the same id
   * that finished after it is kept: it was made from the same rows (the worker's reconciler
   * queues what Postgres says is pending), and running it again would only repeat it.
   */
  async enqueue<N extends JobName>({ name, payload, rerun }: PendingJob<N>, madeSince?: number): Promise<void> {
    const stale = madeSince === undefined ? undefined : async (finished: Job) => (finished.finishedOn ?? 0) < madeSince;
    await this.queues.enqueue(name, payload, rerun ? 'rerun' : 'restore', stale);
  }

  async enqueueAll(jobs: readonly PendingJob[], madeSince?: number): Promise<void> {
    for (const job of jobs) await this.enqueue(job, madeSince);
  }

  /** Jobs of the queue not finished yet (waiting, delayed, running). */
  async unfinished(name: QueueName): Promise<number> {
    const counts = await this.queue(name).getJobCounts(
      'waiting',
      'prioritized',
      'delayed',
      'active',
      'waiting-children',
    );
    return Object.values(counts).reduce((a, b) => a + b, 0);
  }

  async close(): Promise<void> {
    await this.queues.close();
    await this.connection.quit();
  }
}
