import { Queue, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { enqueueJob, type EnqueueIntent, type EnqueueResult } from './enqueue.js';
import { JOB_QUEUE, JobName, QueueName, jobId, type JobPayload } from './jobs.js';

/** Every queue of the catalogue (several jobs may share one). */
export const ALL_QUEUES: readonly QueueName[] = [...new Set(Object.values(JOB_QUEUE))];

/**
 * One producer's queues, opened on first use: the worker's (the transcode job queues
 * image.resize for its poster frame, the reconciler re-queues lost work) and the seed's. Same
 * ids, options and enqueue rule (enqueueJob) as the api, so a double enqueue is one job.
 */
export class JobQueues {
  private readonly queues = new Map<QueueName, Queue>();

  constructor(
    private readonly connection: Redis,
    private readonly prefix: string,
  ) {}

  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection, prefix: this.prefix });
      this.queues.set(name, queue);
    }
    return queue;
  }

  /** `rerun` unless said otherwise: new rows or a new poster are new data (see EnqueueIntent). */
  async enqueue<N extends JobName>(
    name: N,
    payload: JobPayload<N>,
    intent: EnqueueIntent = 'rerun',
    stillWanted?: (finished: Job) => Promise<boolean>,
  ): Promise<EnqueueResult> {
    return enqueueJob(this.queue(JOB_QUEUE[name]), name, payload, intent, stillWanted);
  }

  async findJob<N extends JobName>(name: N, payload: JobPayload<N>): Promise<Job | undefined> {
    return this.queue(JOB_QUEUE[name]).getJob(jobId(name, payload));
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.queues.clear();
  }
}
