import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { loadConfig } from '@app/config';
import { JOB_OPTIONS, JobName, QueueName } from '@app/contracts';
import { serviceUrls, uniqueRedisPrefix } from '@app/testing';
import { QueueService } from './queue.service.js';

describe('QueueService (BullMQ producer)', () => {
  let queues: QueueService;
  let worker: Worker;
  let connection: Redis;

  beforeAll(() => {
    const { redisUrl, databaseUrl } = serviceUrls();
    const config = loadConfig({
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: uniqueRedisPrefix(),
      JWT_SECRET: 'x'.repeat(40),
    });
    queues = new QueueService(config);
    connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    // A worker driven by hand: the test takes jobs and finishes them as a processor would.
    worker = new Worker(QueueName.Video, null, { connection, prefix: config.REDIS_PREFIX });
  });
  afterAll(async () => {
    await worker?.close();
    connection?.disconnect();
    await queues?.onApplicationShutdown();
  });

  const take = async () => {
    const job = await worker.getNextJob('token');
    if (!job) throw new Error('no job waiting');
    return job;
  };

  it('enqueues under the deterministic id with the catalogue’s retry options; a double enqueue is one job', async () => {
    const first = await queues.enqueue(JobName.VideoTranscode, { videoId: 1 });
    const second = await queues.enqueue(JobName.VideoTranscode, { videoId: 1 });
    expect(first.id).toBe('transcode-1');
    expect(second.id).toBe('transcode-1');
    expect(await queues.queue(QueueName.Video).getWaitingCount()).toBe(1);
    expect(first.opts.attempts).toBe(JOB_OPTIONS[JobName.VideoTranscode].attempts);
    expect(first.opts.backoff).toEqual(JOB_OPTIONS[JobName.VideoTranscode].backoff);
    expect(await queues.summary(JobName.VideoTranscode, { videoId: 1 })).toEqual({
      id: 'transcode-1',
      state: 'waiting',
      progress: 0,
      stage: '',
      secondsLeft: null,
      attemptsMade: 0,
      failedReason: null,
    });
  });

  it('queues a finished job again, and gives a running job one follow-up run', async () => {
    const running = await take();
    expect(running.id).toBe('transcode-1');
    // Changes made while it runs must not be lost: one follow-up, however many enqueues.
    const followUp = await queues.enqueue(JobName.VideoTranscode, { videoId: 1 });
    expect(followUp.id).toBe('transcode-1-again');
    expect((await queues.enqueue(JobName.VideoTranscode, { videoId: 1 })).id).toBe('transcode-1-again');
    await running.moveToCompleted({ ok: true }, 'token', false);

    const next = await take();
    expect(next.id).toBe('transcode-1-again');
    await next.moveToCompleted({ ok: true }, 'token', false);
    const again = await queues.enqueue(JobName.VideoTranscode, { videoId: 1 });
    expect(await again.getState()).toBe('waiting');
  });

  it('keeps a failed job for staff to see, and replaces it when queued again', async () => {
    const job = await take();
    await job.moveToFailed(new Error('boom'), 'token');
    const failed = await queues.summary(JobName.VideoTranscode, { videoId: 1 });
    expect(failed?.state).toMatch(/failed|delayed/);
    const retried = await queues.enqueue(JobName.VideoTranscode, { videoId: 1 });
    expect(['waiting', 'delayed']).toContain(await retried.getState());
  });

  it('removes jobs that have not started', async () => {
    await queues.enqueue(JobName.VideoTranscode, { videoId: 2 });
    await queues.removeJobs(JobName.VideoTranscode, { videoId: 2 });
    expect(await queues.findJob(JobName.VideoTranscode, { videoId: 2 })).toBeNull();
  });
});
