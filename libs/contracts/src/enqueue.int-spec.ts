import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { serviceUrls, uniqueRedisPrefix } from '@app/testing';
import { enqueueJob } from './enqueue.js';
import { JOB_OPTIONS, JobName, QueueName } from './jobs.js';

describe('enqueueJob (the one enqueue rule, on real Redis and BullMQ)', () => {
  let connection: Redis;
  let queue: Queue;
  let worker: Worker;

  beforeAll(() => {
    const prefix = uniqueRedisPrefix();
    connection = new Redis(serviceUrls().redisUrl, { maxRetriesPerRequest: null });
    queue = new Queue(QueueName.Track, { connection, prefix });
    // A worker driven by hand, so each job is exactly in the state a test needs.
    worker = new Worker(QueueName.Track, null, { connection, prefix });
  });
  afterAll(async () => {
    await worker?.close();
    await queue?.close();
    connection?.disconnect();
  });

  const take = async (): Promise<Job> => {
    const job = await worker.getNextJob('token');
    if (!job) throw new Error('no job waiting');
    return job;
  };
  const finish = (job: Job) => job.moveToCompleted('done', 'token', false);
  const fail = (job: Job) => job.moveToFailed(new UnrecoverableError('bad audio'), 'token', false);
  const ids = async () => (await queue.getJobs()).map((job) => job.id).sort();
  const excerpt = (albumTrackId: number) =>
    [JobName.TrackExcerpt, { albumTrackId }] as [JobName.TrackExcerpt, { albumTrackId: number }];

  it('adds a job under its deterministic id with the catalogue’s options, once however often it is asked', async () => {
    const first = await enqueueJob(queue, ...excerpt(1));
    const second = await enqueueJob(queue, ...excerpt(1));
    expect(first.added).toBe(true);
    expect(first.job.id).toBe('excerpt-1');
    expect(first.job.opts.attempts).toBe(JOB_OPTIONS[JobName.TrackExcerpt].attempts);
    expect(second).toMatchObject({ added: false, job: { id: 'excerpt-1' } });
    expect(await queue.getWaitingCount()).toBe(1);
  });

  it('gives a running job one follow-up run, or leaves it when asked to', async () => {
    const running = await take();
    expect(running.id).toBe('excerpt-1');
    expect(await enqueueJob(queue, ...excerpt(1), { whileRunning: 'leave' })).toMatchObject({ added: false });
    expect(await queue.getWaitingCount()).toBe(0);

    const followUp = await enqueueJob(queue, ...excerpt(1));
    const again = await enqueueJob(queue, ...excerpt(1));
    expect(followUp).toMatchObject({ added: true, job: { id: 'excerpt-1-again' } });
    expect(again).toMatchObject({ added: false, job: { id: 'excerpt-1-again' } });
    expect(await queue.getWaitingCount()).toBe(1);
    await finish(running);
    await finish(await take());
  });

  it('replaces a completed job, unless the work is no longer wanted', async () => {
    expect(await queue.getCompletedCount()).toBe(2);
    const notWanted = await enqueueJob(queue, ...excerpt(1), { stillWanted: async () => false });
    expect(notWanted.added).toBe(false);
    expect(await queue.getWaitingCount()).toBe(0);

    const replaced = await enqueueJob(queue, ...excerpt(1), { stillWanted: async () => true });
    expect(replaced).toMatchObject({ added: true, job: { id: 'excerpt-1' } });
    expect(await replaced.job.getState()).toBe('waiting');
    await finish(await take());
  });

  it('keeps a failed job for staff when asked, and replaces it otherwise', async () => {
    await enqueueJob(queue, ...excerpt(2));
    await fail(await take());
    const kept = await enqueueJob(queue, ...excerpt(2), { keepFailed: true });
    expect(kept.added).toBe(false);
    expect(await kept.job.getState()).toBe('failed');
    expect(kept.job.failedReason).toBe('bad audio');

    const replaced = await enqueueJob(queue, ...excerpt(2));
    expect(replaced.added).toBe(true);
    expect(await replaced.job.getState()).toBe('waiting');
    expect(await queue.getFailedCount()).toBe(0);
    expect(await ids()).toEqual(['excerpt-1', 'excerpt-1-again', 'excerpt-2']);
  });
});
