import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { DataSource } from 'typeorm';
import { JobName, QueueName, analysisOffset, jobId } from '@app/contracts';
import { signTestAccessToken, startTestApi, uniqueRedisPrefix, type TestApi } from '@app/testing';
import { createApiApp } from '../bootstrap.js';

describe('get_analyze_info', () => {
  let api: TestApi;
  let token: string;
  let streamed: number;
  let youtubeOnly: number;
  let hidden: number;
  const prefix = uniqueRedisPrefix();

  beforeAll(async () => {
    api = await startTestApi(createApiApp, { REDIS_PREFIX: prefix });
    const db = api.app.get(DataSource);
    const [user] = await db.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, is_active) VALUES ('a@b.co', 'x', 'Ann', 'Lee', true) RETURNING id`,
    );
    token = signTestAccessToken(user.id, api.config.JWT_SECRET);
    const insert = `INSERT INTO videos (title, status, duration, yt_link, hls_master_key, processing_state) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`;
    [{ id: streamed }] = await db.query(insert, ['Live', 1, 125, '', 'hls/2026/11/x/master.m3u8', 'ready']);
    [{ id: youtubeOnly }] = await db.query(insert, [
      'Tube',
      1,
      200,
      'https://www.youtube.com/watch?v=abc',
      null,
      'external',
    ]);
    [{ id: hidden }] = await db.query(insert, ['Off', 0, 100, '', 'hls/2026/11/y/master.m3u8', 'ready']);
  });
  afterAll(async () => api?.close());

  it('follows the offset rule: a multiple of 5 s, capped at duration minus 30', () => {
    expect(analysisOffset(47, 125)).toBe(45);
    expect(analysisOffset(110, 125)).toBe(95);
    expect(analysisOffset(3, 20)).toBe(0);
  });

  it('is for signed-in people only', async () => {
    const response = await api.request(`/cuviewTV/get_analyze_info/${streamed}/12/10/`);
    expect(response.status).toBe(401);
  });

  it('refuses malformed numbers and unknown or hidden videos clearly', async () => {
    for (const [path, message] of [
      ['abc/1/0', 'videoId must be a whole number from 1 to 2147483647'],
      ['0/1/0', 'videoId must be a whole number from 1 to 2147483647'],
      [`${streamed}/x/0`, 'currentTime must be a whole number from 0 to 2147483647'],
      // As every other path number: plain digits only, not JavaScript's number grammar.
      ...['1e3', '0x10', '%20', '99999999999999999999'].map((time) => [
        `${streamed}/${time}/0`,
        'currentTime must be a whole number from 0 to 2147483647',
      ]),
      [`${streamed}/1/-5`, 'offset must be a whole number from 0 to 2147483647'],
    ]) {
      const response = await api.request(`/cuviewTV/get_analyze_info/${path}/`, { token });
      expect([path, response.status, ((await response.json()) as { message: string }).message]).toEqual([
        path,
        400,
        message,
      ]);
    }
    for (const videoId of [999999, hidden]) {
      const response = await api.request(`/cuviewTV/get_analyze_info/${videoId}/1/0/`, { token });
      expect(response.status).toBe(404);
    }
  });

  it('answers the yt_link at once for a video that plays from YouTube', async () => {
    const response = await api.request(`/cuviewTV/get_analyze_info/${youtubeOnly}/40/40/`, { token });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      watermark: null,
      footprint: [],
      yt_link: 'https://www.youtube.com/watch?v=abc',
      offset: 40,
    });
  });

  it('stops the work when the person closes the request', async () => {
    // No worker runs here, so the job waits until the request is closed.
    const queue = new Queue(QueueName.Analyze, { connection: { url: api.config.REDIS_URL }, prefix });
    const id = jobId(JobName.VideoAnalyze, { videoId: streamed, offset: 95 });
    await expect(
      api.request(`/cuviewTV/get_analyze_info/${streamed}/100/110/`, { token, signal: AbortSignal.timeout(1500) }),
    ).rejects.toThrow();
    let job = await queue.getJob(id);
    for (let i = 0; i < 20 && job; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = await queue.getJob(id);
    }
    expect(job).toBeUndefined();
    await queue.close();
  });

  it('answers 503 for a run that failed on our side, without its words; 400 with the reason for input the worker refuses', async () => {
    // A worker of the queue that fails as ours can: a tool that will not start (the run at
    // offset 0), and a refusal for good of a video without audio (at offset 5).
    const worker = new Worker(
      QueueName.Analyze,
      async (job) => {
        if (job.data.offset === 0) throw new Error('spawn /usr/bin/ffmpeg ELOOP');
        throw new UnrecoverableError('The video has no audio of its own to analyse');
      },
      { connection: { url: api.config.REDIS_URL }, prefix },
    );
    try {
      const ours = await api.request(`/cuviewTV/get_analyze_info/${streamed}/3/0/`, { token });
      expect([ours.status, await ours.json()]).toEqual([503, { message: 'Analysis failed, please try again' }]);
      const refused = await api.request(`/cuviewTV/get_analyze_info/${streamed}/8/5/`, { token });
      expect([refused.status, ((await refused.json()) as { message: string }).message]).toEqual([
        400,
        'The video has no audio of its own to analyse',
      ]);
    } finally {
      await worker.close();
    }
  });
});
