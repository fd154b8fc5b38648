import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { JOB_OPTIONS, JOB_QUEUE, JobName, QueueName, jobId, type JobPayload } from '@app/contracts';

/** A job the importer or the seed wants queued once its rows are committed. */
export interface PendingJob<N extends JobName = JobName> {
  name: N;
  payload: JobPayload<N>;
  /** The work must run again (new audio): a finished job with the same id is dropped first. */
  rerun?: boolean;
}

/**
 * Producer side of the job catalogue, with the same ids and options as the api and the
 * worker, so a job queued here is the job they would have queued.
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

  /**
   * Queues the job. With `rerun`, a finished job of the same id is removed first, unless it
   * finished after `madeSince` (ms): then it was made from the same rows (the worker's
   * reconciler queues what Postgres says is pending) and running it again would only repeat it.
   */
  async enqueue<N extends JobName>({ name, payload, rerun }: PendingJob<N>, madeSince?: number): Promise<void> {
    const queue = this.queue(JOB_QUEUE[name]);
    const id = jobId(name, payload);
    if (rerun) {
      // A completed or failed job with this id would swallow the new one (same id = same job).
      const existing = await queue.getJob(id);
      const state = existing ? await existing.getState() : undefined;
      const stale = madeSince === undefined || (existing?.finishedOn ?? 0) < madeSince;
      if (existing && (state === 'completed' || state === 'failed') && stale) await existing.remove();
    }
    const { attempts, backoff, removeOnComplete, removeOnFail } = JOB_OPTIONS[name];
    await queue.add(name, payload, { jobId: id, attempts, backoff, removeOnComplete, removeOnFail });
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
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.queues.clear();
    await this.connection.quit();
  }
}
