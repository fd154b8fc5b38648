import { Queue, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  JOB_QUEUE,
  JobName,
  QueueName,
  enqueueJob,
  jobId,
  type EnqueueIntent,
  type EnqueueResult,
  type JobPayload,
} from '@app/contracts';

/** Every queue of the catalogue (several jobs may share one). */
export const ALL_QUEUES: readonly QueueName[] = [...new Set(Object.values(JOB_QUEUE))];

/**
 * The worker's producer side: the transcode job queues image.resize for its poster frame, and
 * the reconciler re-queues lost work. Same ids, options and enqueue rule (enqueueJob) as the
 * api, so a double enqueue is one job.
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

  /** `rerun` unless said otherwise: a new poster is new data (see EnqueueIntent). */
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
