import { Queue, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { JOB_OPTIONS, JOB_QUEUE, JobName, QueueName, jobId, type JobPayload } from '@app/contracts';

/** Every queue of the catalogue (several jobs may share one). */
export const ALL_QUEUES: readonly QueueName[] = [...new Set(Object.values(JOB_QUEUE))];

/**
 * The worker's producer side: the transcode job queues image.resize for its poster frame, and
 * the reconciler re-queues lost work. Same ids and options as the api, so a double enqueue is
 * one job.
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

  async enqueue<N extends JobName>(name: N, payload: JobPayload<N>): Promise<Job> {
    const { attempts, backoff, removeOnComplete, removeOnFail } = JOB_OPTIONS[name];
    return this.queue(JOB_QUEUE[name]).add(name, payload, {
      jobId: jobId(name, payload),
      attempts,
      backoff,
      removeOnComplete,
      removeOnFail,
    });
  }

  async findJob<N extends JobName>(name: N, payload: JobPayload<N>): Promise<Job | undefined> {
    return this.queue(JOB_QUEUE[name]).getJob(jobId(name, payload));
  }

  /**
   * The job under the deterministic id and, when there is one, the follow-up run the api adds
   * (`{id}-again`) when the data changes while the first run is active.
   */
  async findRuns<N extends JobName>(name: N, payload: JobPayload<N>): Promise<Job[]> {
    const queue = this.queue(JOB_QUEUE[name]);
    const id = jobId(name, payload);
    const runs = await Promise.all([queue.getJob(id), queue.getJob(`${id}-again`)]);
    return runs.filter((job): job is Job => job !== undefined);
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.queues.clear();
  }
}
