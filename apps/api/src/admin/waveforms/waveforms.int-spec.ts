// The track wizard's waveforms end to end: the real worker makes them (video.transcode beside
// the ladder, track.excerpt beside the excerpt) on real ffmpeg, Postgres and Redis, and the
// api answers them to staff only.
import { mkdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { JobName, JobQueues, ProcessingState } from '@app/contracts';
import { runProcess } from '@app/media';
import type { WorkerApp } from '../../../../worker/src/bootstrap.js';
import { read, startAdminKit, type AdminTestKit } from '../testing/admin-kit.js';
import { formInit } from '../testing/forms.js';
import { startWorkerFor } from '../testing/worker.js';

let kit: AdminTestKit;
let worker: WorkerApp;
let queues: JobQueues;
let redis: Redis;

/** 4 s whose first 2 s are silent and last 2 s a tone: a waveform must show exactly that. */
async function halfSilentClip(path: string, video: boolean): Promise<void> {
  const audio = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2,adelay=2000:all=1'];
  const picture = video ? ['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25:duration=4'] : [];
  const codecs = video ? ['-map', '1:v', '-map', '0:a', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac'] : [];
  await runProcess('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...audio, ...picture, ...codecs, path]);
}

async function until<T>(what: string, check: () => Promise<T | undefined>, ms = 90_000): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

function expectHalfSilent(body: { duration: number; peaks: number[] }): void {
  expect(body.duration).toBeGreaterThan(3.8);
  expect(body.duration).toBeLessThan(4.2);
  expect(body.peaks.length).toBeGreaterThanOrEqual(1000);
  expect(body.peaks.length).toBeLessThanOrEqual(2000);
  const n = body.peaks.length;
  expect(Math.max(...body.peaks.slice(0, Math.floor(n * 0.45)))).toBeLessThan(0.01);
  expect(Math.min(...body.peaks.slice(Math.ceil(n * 0.55), n - 10))).toBeGreaterThan(0.05);
}

beforeAll(async () => {
  kit = await startAdminKit();
  worker = await startWorkerFor(kit);
  redis = new Redis(kit.api.config.REDIS_URL, { maxRetriesPerRequest: null });
  queues = new JobQueues(redis, kit.api.config.REDIS_PREFIX);
}, 60_000);

afterAll(async () => {
  await queues?.close();
  await redis?.quit();
  await worker?.stop();
  await kit?.close();
});

describe('waveforms for the track wizard', () => {
  it("draws a video's audio once when it is transcoded, and answers it to staff only", async () => {
    const clip = join(kit.storageDir, 'originals', 'wave.mp4');
    await mkdir(join(kit.storageDir, 'originals'), { recursive: true });
    await halfSilentClip(clip, true);
    const [{ id: videoId }]: { id: number }[] = await kit.db.query(
      `INSERT INTO videos (title, original_key, processing_state) VALUES ('Wave', 'originals/wave.mp4', $1) RETURNING id`,
      [ProcessingState.Queued],
    );
    // Not transcoded yet: a clear 404, not an empty waveform.
    const early = await kit.call(`/cuviewTV/get_video_waveform/${videoId}/`);
    expect(early.status).toBe(404);
    expect(early.body.message).toMatch(/no waveform yet/);

    await queues.enqueue(JobName.VideoTranscode, { videoId });
    await until('the video to be ready', async () => {
      const [row]: { state: string }[] = await kit.db.query(
        `SELECT processing_state AS state FROM videos WHERE id = $1`,
        [videoId],
      );
      return row.state === ProcessingState.Ready ? row : undefined;
    });
    const [{ key }]: { key: string }[] = await kit.db.query(`SELECT hls_master_key AS key FROM videos WHERE id = $1`, [
      videoId,
    ]);
    expect(key).toMatch(/master\.m3u8$/);

    const answer = await kit.call(`/cuviewTV/get_video_waveform/${videoId}/`);
    expect(answer.status).toBe(200);
    expectHalfSilent(answer.body);

    const viewer = await kit.api.request(`/cuviewTV/get_video_waveform/${videoId}/`, { token: kit.viewerToken });
    expect(viewer.status).toBe(403);
    expect((await kit.api.request(`/cuviewTV/get_video_waveform/${videoId}/`)).status).toBe(401);
    const missing = await kit.call(`/cuviewTV/get_video_waveform/999999/`);
    expect([missing.status, missing.body.message]).toEqual([404, 'Video not found']);
    expect((await kit.call(`/cuviewTV/get_video_waveform/abc/`)).status).toBe(400);
  }, 120_000);

  it("draws an album track's audio beside its excerpt, and replaces it with the excerpt", async () => {
    await halfSilentClip(join(kit.storageDir, 'originals', 'wave.flac'), false);
    const [album]: { id: number }[] = await kit.db.query(
      `INSERT INTO albums (title, catalogue_num) VALUES ('Waves', 'WAVE-1') RETURNING id`,
    );
    const [{ id: trackId }]: { id: number }[] = await kit.db.query(
      `INSERT INTO album_tracks (album_id, position, title, audio_key, duration)
       VALUES ($1, 1, 'Half silent', 'originals/wave.flac', 4) RETURNING id`,
      [album.id],
    );
    const excerptKey = async () =>
      (
        (await kit.db.query(`SELECT excerpt_key AS key FROM album_tracks WHERE id = $1`, [trackId])) as {
          key: string;
        }[]
      )[0].key;
    await queues.enqueue(JobName.TrackExcerpt, { albumTrackId: trackId });
    const first = await until('the excerpt', async () => (await excerptKey()) ?? undefined);
    expect(first).toMatch(/^excerpts\/.+\.m4a$/);

    const response = await kit.staff(`/cuviewTV/get_album_track_waveform/${trackId}/`);
    expect(response.status).toBe(200);
    expectHalfSilent(await read(response));

    // Cut again: the new excerpt brings its own waveform and the old pair is gone.
    await (await queues.findJob(JobName.TrackExcerpt, { albumTrackId: trackId }))?.remove();
    await queues.enqueue(JobName.TrackExcerpt, { albumTrackId: trackId });
    await until('the new excerpt', async () => {
      const key = await excerptKey();
      return key !== first ? key : undefined;
    });
    expect((await kit.staff(`/cuviewTV/get_album_track_waveform/${trackId}/`)).status).toBe(200);
    const oldWaveform = join(kit.storageDir, first.replace(/\.m4a$/, '.waveform.json'));
    await expect(stat(oldWaveform)).rejects.toThrow(/ENOENT/);
  }, 120_000);

  it('draws an upload not yet saved as a video on first ask (202 meanwhile), for known uploads only', async () => {
    const clip = join(kit.storageDir, 'originals', 'upload.mp4');
    await halfSilentClip(clip, true);
    const uploaded = await kit.call(
      '/cuviewTV/upload_video/',
      formInit([{ name: 'file', filename: 'upload.mp4', data: await readFile(clip), contentType: 'video/mp4' }]),
    );
    expect(uploaded.status).toBe(201);
    const key = encodeURIComponent(uploaded.body.file_original_path_linux as string);

    const first = await kit.staff(`/cuviewTV/get_upload_waveform/?key=${key}`);
    expect([first.status, await read(first), first.headers.get('retry-after')]).toEqual([202, { pending: true }, '2']);
    const body = await until('the upload waveform', async () => {
      const answer = await kit.call(`/cuviewTV/get_upload_waveform/?key=${key}`);
      return answer.status === 200 ? answer.body : undefined;
    });
    expectHalfSilent(body);

    for (const bad of [
      '',
      '?key=',
      '?key=originals/2020/01/00000000-0000-0000-0000-000000000000.mp4',
      '?key=../../etc/passwd',
    ]) {
      const answer = await kit.call(`/cuviewTV/get_upload_waveform/${bad}`);
      expect(answer.status).toBe(400);
      expect(typeof answer.body.message).toBe('string');
    }
    const viewer = await kit.api.request(`/cuviewTV/get_upload_waveform/?key=${key}`, { token: kit.viewerToken });
    expect(viewer.status).toBe(403);
  }, 120_000);
});
