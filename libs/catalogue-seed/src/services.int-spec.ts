import { afterAll, describe, expect, it } from '@jest/globals';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { ImageKind, JobName, QueueName, jobId } from '@app/contracts';
import { serviceUrls, uniqueRedisPrefix } from '@app/testing';
import { JobQueue, type PendingJob } from './services.js';

describe('JobQueue.enqueue with rerun', () => {
  const { redisUrl } = serviceUrls();
  const prefix = uniqueRedisPrefix();
  const jobs = new JobQueue(redisUrl, prefix);
  afterAll(() => jobs.close());

  const state = async (job: PendingJob) =>
    (await jobs.queue(QueueName.Image).getJob(jobId(job.name, job.payload)))?.getState();

  /** Stands in for the worker: completes every waiting job of the image queue. */
  async function work(job: PendingJob): Promise<void> {
    const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    const worker = new Worker(QueueName.Image, async () => 'done', { connection, prefix });
    while ((await state(job)) !== 'completed') await new Promise((r) => setTimeout(r, 50));
    await worker.close();
    await connection.quit();
  }

  it('replaces a job finished before the rows were made, and keeps one made from them since', async () => {
    const job: PendingJob = { name: JobName.ImageResize, payload: { kind: ImageKind.Video, id: 7 }, rerun: true };
    await jobs.enqueue(job);
    await work(job);
    // Finished before these rows existed (another database, an earlier catalogue): run again.
    await jobs.enqueue(job, Date.now() + 60_000);
    expect(await state(job)).toBe('waiting');

    const rowsMade = Date.now();
    await work(job); // the reconciler's job, run while the seed waited for the pictures
    await jobs.enqueue(job, rowsMade);
    expect(await state(job)).toBe('completed');
    // Without that moment every finished job is replaced, as before.
    await jobs.enqueue(job);
    expect(await state(job)).toBe('waiting');
  });
});
