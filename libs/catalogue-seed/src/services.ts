import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { JOB_QUEUE, JobName, QueueName, enqueueJob, type JobPayload } from '@app/contracts';

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
 * Producer side of the job catalogue, with the same ids, options and enqueue rule (enqueueJob)
 * as the api and the worker, so a job queued here is the job they would have queued.
 */
export class JobQueue {
  private readonly queues = new Map<QueueName, Queue>();
  private readonly connection: Redis;

  constructor(
    redisUrl: string,
    private readonly prefix: string,
  ) {
    this.connection = new Redis(redisUrl, { maxRetriesPerRequest: null, lazyConnect: false });
  }

  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection, prefix: this.prefix });
      this.queues.set(name, queue);
    }
    return queue;
  }

  async enqueue<N extends JobName>({ name, payload, rerun }: PendingJob<N>): Promise<void> {
    await enqueueJob(this.queue(JOB_QUEUE[name]), name, payload, rerun ? 'rerun' : 'restore');
  }

  async enqueueAll(jobs: readonly PendingJob[]): Promise<void> {
    for (const job of jobs) await this.enqueue(job);
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.queues.clear();
    await this.connection.quit();
  }
}
