import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { serviceUrls, uniqueRedisPrefix } from '@app/testing';
import { enqueueJob } from './enqueue.js';
import { JOB_OPTIONS, JobName, QueueName } from './jobs.js';

describe('enqueueJob on real Redis and BullMQ', () => {
  let connection: Redis;
  let queue: Queue;
  let worker: Worker;
  let videoQueue: Queue;
  let videoWorker: Worker;

  beforeAll(() => {
    const prefix = uniqueRedisPrefix();
    connection = new Redis(serviceUrls().redisUrl, { maxRetriesPerRequest: null });
    queue = new Queue(QueueName.Track, { connection, prefix });
    // A worker driven by hand, so each job is exactly in the state a test needs.
    worker = new Worker(QueueName.Track, null, { connection, prefix });
    videoQueue = new Queue(QueueName.Video, { connection, prefix });
    videoWorker = new Worker(QueueName.Video, null, { connection, prefix });
  });
  afterAll(async () => {
    for (const w of [worker, videoWorker]) await w?.close();
    for (const q of [queue, videoQueue]) {
      await q?.obliterate({ force: true });
      await q?.close();
    }
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
  const excerpt = { albumTrackId: 1 };

  it('adds a job under its deterministic id with the catalogue’s options, once however often it is asked', async () => {
    const first = await enqueueJob(queue, JobName.TrackExcerpt, excerpt, 'rerun');
    const second = await enqueueJob(queue, JobName.TrackExcerpt, excerpt, 'restore');
    expect(first).toMatchObject({ added: true, job: { id: 'excerpt-1', name: JobName.TrackExcerpt, data: excerpt } });
    const { attempts, backoff, removeOnComplete, removeOnFail } = first.job.opts;
    expect({ attempts, backoff, removeOnComplete, removeOnFail }).toEqual(JOB_OPTIONS[JobName.TrackExcerpt]);
    expect(second).toMatchObject({ added: false, job: { id: 'excerpt-1' } });
    expect(await queue.getWaitingCount()).toBe(1);
  });

  it('gives a running job one follow-up run for a change, and none for lost work', async () => {
    const running = await take();
    expect(running.id).toBe('excerpt-1');
    expect(await enqueueJob(queue, JobName.TrackExcerpt, excerpt, 'restore')).toMatchObject({
      added: false,
      job: { id: 'excerpt-1' },
    });
    expect(await queue.getWaitingCount()).toBe(0);

    const followUp = await enqueueJob(queue, JobName.TrackExcerpt, excerpt, 'rerun');
    const again = await enqueueJob(queue, JobName.TrackExcerpt, excerpt, 'rerun');
    expect(followUp).toMatchObject({ added: true, job: { id: 'excerpt-1-again' } });
    expect(again).toMatchObject({ added: false, job: { id: 'excerpt-1-again' } });
    expect(await queue.getWaitingCount()).toBe(1);
    await finish(running);
    await finish(await take());
  });

  it('replaces finished runs by one under the job’s id, unless the work is no longer wanted', async () => {
    expect(await ids()).toEqual(['excerpt-1', 'excerpt-1-again']);
    const notWanted = await enqueueJob(queue, JobName.TrackExcerpt, excerpt, 'restore', async () => false);
    expect(notWanted).toMatchObject({ added: false, job: { id: 'excerpt-1' } });
    expect(await notWanted.job.getState()).toBe('completed');

    const replaced = await enqueueJob(queue, JobName.TrackExcerpt, excerpt, 'restore', async () => true);
    expect(replaced).toMatchObject({ added: true, job: { id: 'excerpt-1' } });
    expect(await replaced.job.getState()).toBe('waiting');
    expect(await ids()).toEqual(['excerpt-1']);
    await finish(await take());
  });

  it('keeps a failed track job for staff when restoring lost work, and replaces it for a change', async () => {
    const payload = { albumTrackId: 2 };
    await enqueueJob(queue, JobName.TrackExcerpt, payload, 'rerun');
    await fail(await take());
    const kept = await enqueueJob(queue, JobName.TrackExcerpt, payload, 'restore', async () => true);
    expect(kept.added).toBe(false);
    expect([await kept.job.getState(), kept.job.failedReason]).toEqual(['failed', 'bad audio']);

    const replaced = await enqueueJob(queue, JobName.TrackExcerpt, payload, 'rerun');
    expect(replaced).toMatchObject({ added: true, job: { id: 'excerpt-2' } });
    expect(await replaced.job.getState()).toBe('waiting');
    expect(await queue.getFailedCount()).toBe(0);
  });

  const draft = (videoId: number) => ({ videoId, uploadKey: `originals/2026/11/${'0'.repeat(35)}${videoId}.mp4` });
  const next = async () => (await videoWorker.getNextJob('token'))?.data.videoId as number | undefined;

  it("queues an unsaved upload's transcode behind saved videos, and moves it up when its video is saved", async () => {
    // Two forms left open (or abandoned), then a video saved: the saved one goes first.
    await enqueueJob(videoQueue, JobName.VideoTranscode, draft(1), 'rerun');
    await enqueueJob(videoQueue, JobName.VideoTranscode, draft(2), 'rerun');
    await enqueueJob(videoQueue, JobName.VideoTranscode, { videoId: 3 }, 'rerun');
    expect(await (await videoQueue.getJob('transcode-1'))!.getState()).toBe('prioritized');
    expect(await next()).toBe(3);

    // Saving upload 2 keeps its job (no second transcode) and raises it above upload 1.
    const saved = await enqueueJob(videoQueue, JobName.VideoTranscode, { videoId: 2 }, 'rerun');
    expect(saved).toMatchObject({ added: false, job: { id: 'transcode-2' } });
    expect(await (await videoQueue.getJob('transcode-2'))!.getState()).toBe('waiting');
    expect(await next()).toBe(2);
    expect(await next()).toBe(1);
  });
});
