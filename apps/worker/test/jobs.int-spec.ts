import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import type { Job } from 'bullmq';
import { ImageKind, JobName, ProcessingState, type JobPayload } from '@app/contracts';
import { generateTestAudio, generateTestVideo, parseMasterPlaylist, runProcess, truncateCopy } from '@app/media';
import { startWorker, type WorkerApp } from '../src/bootstrap.js';
import { Reconciler } from '../src/reconciler.js';
import {
  createWorkerTestEnv,
  deleteRedisPrefix,
  ffprobeJson,
  insertAlbumTrack,
  insertVideo,
  readVideo,
  waitFor,
  type WorkerTestEnv,
} from './harness.js';

let t: WorkerTestEnv;
let worker: WorkerApp | undefined;
let clip: string;

async function finished<N extends JobName>(name: N, payload: JobPayload<N>): Promise<Job> {
  return waitFor(`${name} to finish`, async () => {
    const job = await t.queues.findJob(name, payload);
    const state = await job?.getState();
    return state === 'completed' || state === 'failed' ? ((await t.queues.findJob(name, payload)) as Job) : undefined;
  });
}

/** Keyframe times of the video stream of one rendition playlist. */
async function keyframeTimes(playlist: string): Promise<number[]> {
  const { stdout } = await runProcess(
    'ffprobe',
    [
      '-v',
      'error',
      '-protocol_whitelist',
      'file',
      '-select_streams',
      'v:0',
      '-show_entries',
      'packet=pts_time,flags',
      '-of',
      'csv=p=0',
      playlist,
    ],
    { collectStdout: true },
  );
  return stdout
    .toString()
    .trim()
    .split('\n')
    .filter((line) => line.split(',')[1]?.startsWith('K'))
    .map((line) => Math.round(Number(line.split(',')[0]) * 100) / 100);
}

async function ladderFolders(videoId: number): Promise<string[]> {
  return readdir(join(t.storageDir, 'hls', String(videoId))).catch(() => []);
}

beforeAll(async () => {
  t = await createWorkerTestEnv({ WORKER_RECONCILE_INTERVAL_MS: '600000' });
  clip = join(t.env.WORKER_TMP_DIR!, '..', 'clip.mp4');
  await generateTestVideo(clip, { width: 640, height: 360, seconds: 3, fps: 30 });
  await t.storage.putFile('originals/test/clip.mp4', clip);
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

describe('worker jobs on real Redis, Postgres and ffmpeg', () => {
  it('re-queues, at start-up, a video Postgres says is pending after Redis lost its queue', async () => {
    const videoId = await insertVideo(t.db, { originalKey: 'originals/test/clip.mp4', state: ProcessingState.Queued });
    await t.queues.enqueue(JobName.VideoTranscode, { videoId });
    expect(await deleteRedisPrefix(t.redis, t.config.REDIS_PREFIX)).toBeGreaterThan(0);
    expect(await t.queues.findJob(JobName.VideoTranscode, { videoId })).toBeUndefined();

    worker = await startWorker(t.config, t.settings);
    const video = await waitFor('the video to be ready', async () => {
      const row = await readVideo(t.db, videoId);
      return row.processing_state === ProcessingState.Ready ? row : undefined;
    });
    expect(video.hls_master_key).toMatch(new RegExp(`^hls/${videoId}/[^/]+/master\\.m3u8$`));
  }, 120_000);

  it('transcodes a clip into an HLS ladder and switches the video to it', async () => {
    const videoId = await insertVideo(t.db, { originalKey: 'originals/test/clip.mp4' });
    await t.queues.enqueue(JobName.VideoTranscode, { videoId });
    const job = await finished(JobName.VideoTranscode, { videoId });
    expect(await job.getState()).toBe('completed');
    expect(job.progress).toMatchObject({ percent: 100, secondsLeft: 0 });

    const video = await readVideo(t.db, videoId);
    expect(video).toMatchObject({ processing_state: 'ready', processing_progress: 100, processing_error: null });
    expect(video.duration).toBeCloseTo(3, 0);
    expect(video.hls_master_key).toMatch(new RegExp(`^hls/${videoId}/[^/]+/master\\.m3u8$`));

    const masterPath = join(t.storageDir, video.hls_master_key!);
    const master = parseMasterPlaylist(await readFile(masterPath, 'utf8'));
    // 360 p source: the 360p and 240p rungs, with one shared audio rendition.
    expect(master.variants.map((v) => v.attributes.get('RESOLUTION')).sort()).toEqual(['426x240', '640x360']);
    for (const variant of master.variants) {
      expect(variant.attributes.get('CODECS')).toMatch(/^avc1\.[0-9a-f]{6},mp4a\.40\.2$/i);
      expect(Number(variant.attributes.get('BANDWIDTH'))).toBeGreaterThan(0);
      expect(variant.attributes.get('AUDIO')).toBeDefined();
    }
    expect(master.media.filter((m) => m.attributes.get('TYPE') === 'AUDIO')).toHaveLength(1);

    const dir = join(masterPath, '..');
    const keyframes: number[][] = [];
    for (const variant of master.variants) {
      const probe = (await ffprobeJson(join(dir, variant.uri))) as {
        format: { duration: string };
        streams: { codec_type: string; height?: number; codec_name: string }[];
      };
      expect(Number(probe.format.duration)).toBeCloseTo(3, 0);
      const height = Number(variant.attributes.get('RESOLUTION')!.split('x')[1]);
      expect(probe.streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', height });
      keyframes.push(await keyframeTimes(join(dir, variant.uri)));
    }
    // Every rendition has its keyframes at the same instants, every 2 s, so players switch cleanly.
    // (Times are relative to the first frame: the fMP4 timeline starts after the encoder delay.)
    const relative = keyframes.map((times) => times.map((time) => +(time - times[0]!).toFixed(2)));
    expect(relative[0]).toEqual([0, 2]);
    expect(keyframes[1]).toEqual(keyframes[0]);

    const audio = master.media.find((m) => m.attributes.get('TYPE') === 'AUDIO')!.attributes.get('URI')!;
    const audioProbe = (await ffprobeJson(join(dir, audio))) as {
      streams: { codec_name: string; sample_rate: string }[];
    };
    expect(audioProbe.streams[0]).toMatchObject({ codec_name: 'aac', sample_rate: '48000' });

    // No thumbnail was uploaded: a poster frame became the thumbnail, and its sizes were made.
    expect(video.thumbnail_key).toMatch(/^posters\/.+\.jpg$/);
    const resize = await finished(JobName.ImageResize, { kind: ImageKind.Video, id: videoId });
    expect(await resize.getState()).toBe('completed');
    for (const size of [300, 600]) {
      const jpeg = await sharp(join(t.storageDir, `${video.thumbnail_key}.${size}.jpg`)).metadata();
      const webp = await sharp(join(t.storageDir, `${video.thumbnail_key}.${size}.webp`)).metadata();
      expect([jpeg.format, jpeg.width, webp.format, webp.width]).toEqual(['jpeg', size, 'webp', size]);
    }
  }, 120_000);

  it('keeps exactly one ladder when a video is transcoded again, and keeps an uploaded thumbnail', async () => {
    const videoId = await insertVideo(t.db, {
      originalKey: 'originals/test/clip.mp4',
      thumbnailKey: 'images/test/own.jpg',
    });
    await t.queues.enqueue(JobName.VideoTranscode, { videoId });
    await finished(JobName.VideoTranscode, { videoId });
    const first = await readVideo(t.db, videoId);

    await (await t.queues.findJob(JobName.VideoTranscode, { videoId }))!.remove();
    await t.db.query(`UPDATE videos SET processing_state = 'queued' WHERE id = $1`, [videoId]);
    await t.queues.enqueue(JobName.VideoTranscode, { videoId });
    await finished(JobName.VideoTranscode, { videoId });
    const second = await readVideo(t.db, videoId);

    expect(second.processing_state).toBe('ready');
    expect(second.hls_master_key).not.toBe(first.hls_master_key);
    expect(await ladderFolders(videoId)).toEqual([second.hls_master_key!.split('/')[2]]);
    expect(second.thumbnail_key).toBe('images/test/own.jpg');
  }, 120_000);

  it('discards its ladder when a new file is uploaded during the transcode, and the new file is transcoded next', async () => {
    await t.storage.putFile('originals/test/replacement.mp4', clip);
    const videoId = await insertVideo(t.db, { originalKey: 'originals/test/clip.mp4' });
    await t.queues.enqueue(JobName.VideoTranscode, { videoId });
    await waitFor(
      'the transcode to start',
      async () => (await readVideo(t.db, videoId)).processing_state === 'processing',
      30_000,
      20,
    );
    await t.db.query(`UPDATE videos SET original_key = 'originals/test/replacement.mp4' WHERE id = $1`, [videoId]);
    const job = await finished(JobName.VideoTranscode, { videoId });
    expect(job.returnvalue).toEqual({ skipped: 'video deleted or original replaced' });
    expect((await readVideo(t.db, videoId)).hls_master_key).toBeNull();
    expect(await ladderFolders(videoId)).toEqual([]);

    // Postgres still says the video needs a transcode, so the reconciler queues one.
    await worker!.context.get(Reconciler).reconcile();
    const video = await waitFor('the video to be ready', async () => {
      const row = await readVideo(t.db, videoId);
      return row.processing_state === 'ready' ? row : undefined;
    });
    expect(await ladderFolders(videoId)).toEqual([video.hls_master_key!.split('/')[2]]);
  }, 120_000);

  it('fails a video whose upload is not a video at once, with a readable reason and no retries', async () => {
    await writeFile(
      join(t.env.WORKER_TMP_DIR!, '..', 'junk.mp4'),
      'This is a text file that claims to be a video.\n'.repeat(50),
    );
    await t.storage.putFile('originals/test/junk.mp4', join(t.env.WORKER_TMP_DIR!, '..', 'junk.mp4'));
    const videoId = await insertVideo(t.db, { originalKey: 'originals/test/junk.mp4' });
    await t.queues.enqueue(JobName.VideoTranscode, { videoId });
    const job = await finished(JobName.VideoTranscode, { videoId });

    expect(await job.getState()).toBe('failed');
    expect(job.attemptsMade).toBe(1);
    const video = await readVideo(t.db, videoId);
    expect(video.processing_state).toBe('failed');
    expect(video.processing_error).toBe(job.failedReason);
    // A sentence for staff, not a stack trace or an ffmpeg log.
    expect(video.processing_error).toMatch(/^[A-Z][^\n]{10,200}$/);
    expect(video.processing_error).not.toMatch(/ffmpeg|ffprobe|Error:|at /);
    expect(video.hls_master_key).toBeNull();
    expect(await ladderFolders(videoId)).toEqual([]);
  }, 120_000);

  it('fails a video whose upload was cut short (faststart MP4, first 10 %) with where it ends, keeping its previous ladder', async () => {
    worker ??= await startWorker(t.config, t.settings);
    const videoId = await insertVideo(t.db, { originalKey: 'originals/test/clip.mp4' });
    await t.queues.enqueue(JobName.VideoTranscode, { videoId });
    await finished(JobName.VideoTranscode, { videoId });
    const previous = await readVideo(t.db, videoId);
    expect(previous.processing_state).toBe('ready');

    // A new upload that reached the worker without the api's check (e.g. queued directly).
    const dir = join(t.env.WORKER_TMP_DIR!, '..');
    const whole = await generateTestVideo(join(dir, 'whole-30s.mp4'), {
      width: 320,
      height: 240,
      seconds: 30,
      faststart: true,
    });
    await t.storage.putFile('originals/test/cut.mp4', await truncateCopy(whole, join(dir, 'cut.mp4'), 0.1));
    await (await t.queues.findJob(JobName.VideoTranscode, { videoId }))!.remove();
    await t.db.query(
      `UPDATE videos SET original_key = 'originals/test/cut.mp4', processing_state = 'queued' WHERE id = $1`,
      [videoId],
    );
    await t.queues.enqueue(JobName.VideoTranscode, { videoId });
    const job = await finished(JobName.VideoTranscode, { videoId });

    expect([await job.getState(), job.attemptsMade]).toEqual(['failed', 1]);
    const video = await readVideo(t.db, videoId);
    expect(video.processing_state).toBe('failed');
    expect(video.processing_error).toMatch(
      /^The upload ends at \d(\.\d)? s of 30 s: the file is truncated; upload it again$/,
    );
    expect(video.processing_error).toBe(job.failedReason);
    // The ladder it had still plays, with its length; nothing of the short one was kept.
    expect(video.hls_master_key).toBe(previous.hls_master_key);
    expect(video.duration).toBeCloseTo(3, 0);
    expect(await ladderFolders(videoId)).toEqual([previous.hls_master_key!.split('/')[2]]);
  }, 120_000);

  it('fails a video with no upload at once', async () => {
    const videoId = await insertVideo(t.db, { originalKey: null });
    await t.queues.enqueue(JobName.VideoTranscode, { videoId });
    const job = await finished(JobName.VideoTranscode, { videoId });
    expect([await job.getState(), job.attemptsMade, job.failedReason]).toEqual([
      'failed',
      1,
      'The video has no uploaded file to transcode',
    ]);
  }, 120_000);

  it('resizes an uploaded genre image to 300 and 600 px in WebP and JPEG without its metadata', async () => {
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3366aa' } })
      .withExif({ IFD0: { Artist: 'Somebody', Copyright: 'private' } })
      .jpeg()
      .toBuffer();
    await t.storage.put('images/test/genre.jpg', photo, 'image/jpeg');
    const [{ id }]: { id: number }[] = await t.db.query(
      `INSERT INTO genres (title, image_key) VALUES ('Jazz', 'images/test/genre.jpg') RETURNING id`,
    );
    await t.queues.enqueue(JobName.ImageResize, { kind: ImageKind.Genre, id });
    const job = await finished(JobName.ImageResize, { kind: ImageKind.Genre, id });
    expect(await job.getState()).toBe('completed');
    for (const size of [300, 600]) {
      for (const [ext, format] of [
        ['jpg', 'jpeg'],
        ['webp', 'webp'],
      ] as const) {
        const meta = await sharp(join(t.storageDir, `images/test/genre.jpg.${size}.${ext}`)).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual([format, size, Math.round((size * 800) / 1200)]);
        expect(meta.exif).toBeUndefined();
      }
    }
  }, 120_000);

  it('cuts an album track to an AAC excerpt for prelistening', async () => {
    const audio = join(t.env.WORKER_TMP_DIR!, '..', 'track.mp3');
    await generateTestAudio(audio, 4);
    await t.storage.putFile('audio/test/track.mp3', audio);
    const albumTrackId = await insertAlbumTrack(t.db, 'audio/test/track.mp3', 4);
    await t.queues.enqueue(JobName.TrackExcerpt, { albumTrackId });
    const job = await finished(JobName.TrackExcerpt, { albumTrackId });
    expect(await job.getState()).toBe('completed');

    const [{ excerpt_key }]: { excerpt_key: string }[] = await t.db.query(
      `SELECT excerpt_key FROM album_tracks WHERE id = $1`,
      [albumTrackId],
    );
    expect(excerpt_key).toMatch(/^excerpts\/.+\.m4a$/);
    const probe = (await ffprobeJson(join(t.storageDir, excerpt_key))) as {
      format: { duration: string; format_name: string };
      streams: { codec_name: string }[];
    };
    expect(probe.streams.map((s) => s.codec_name)).toEqual(['aac']);
    expect(probe.format.format_name).toContain('mp4');
    expect(Number(probe.format.duration)).toBeGreaterThan(3.8);
    expect(Number(probe.format.duration)).toBeLessThan(4.2);

    // Cut again (e.g. new audio uploaded): the track points at the new file, the old one is gone.
    await job.remove();
    await t.queues.enqueue(JobName.TrackExcerpt, { albumTrackId });
    await finished(JobName.TrackExcerpt, { albumTrackId });
    const [again]: { excerpt_key: string }[] = await t.db.query(`SELECT excerpt_key FROM album_tracks WHERE id = $1`, [
      albumTrackId,
    ]);
    expect(again!.excerpt_key).not.toBe(excerpt_key);
    expect(await t.storage.exists(again!.excerpt_key)).toBe(true);
    expect(await t.storage.exists(excerpt_key)).toBe(false);
  }, 120_000);

  it('answers its health, readiness and metrics endpoints', async () => {
    const base = `http://127.0.0.1:${worker!.port}`;
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${base}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ok' }]);
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toMatch(
      /cuview_worker_job_duration_seconds_count\{job="video.transcode",outcome="completed"\} [1-9]/,
    );
    expect(metrics).toMatch(/cuview_worker_queue_jobs\{queue="video",state="failed"\} [1-9]/);
    expect(metrics).toContain('cuview_worker_transcode_speed_ratio_bucket');
    const missing = await fetch(`${base}/nothing`);
    expect([missing.status, await missing.json()]).toEqual([404, { message: 'Not found' }]);
  }, 120_000);

  it('re-queues pending work on its periodic pass as well', async () => {
    const videoId = await insertVideo(t.db, { originalKey: 'originals/test/clip.mp4', state: ProcessingState.Queued });
    const report = await worker!.context.get(Reconciler).reconcile();
    expect(report.transcodes).toBe(1);
    await waitFor('the video to be ready', async () => (await readVideo(t.db, videoId)).processing_state === 'ready');
    // Now that it is done, another pass finds nothing to do.
    expect((await worker!.context.get(Reconciler).reconcile()).transcodes).toBe(0);
  }, 120_000);
});
