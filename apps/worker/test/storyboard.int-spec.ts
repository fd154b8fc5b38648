import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import type { Job } from 'bullmq';
import { JobName, type JobPayload } from '@app/contracts';
import { generateTestVideo } from '@app/media';
import { startWorker, type WorkerApp } from '../src/bootstrap.js';
import { Reconciler } from '../src/reconciler.js';
import { createWorkerTestEnv, insertVideo, readVideo, waitFor, type WorkerTestEnv } from './harness.js';

let t: WorkerTestEnv;
let worker: WorkerApp | undefined;

async function finished<N extends JobName>(name: N, payload: JobPayload<N>): Promise<Job> {
  return waitFor(`${name} to finish`, async () => {
    const job = await t.queues.findJob(name, payload);
    const state = await job?.getState();
    return state === 'completed' || state === 'failed' ? ((await t.queues.findJob(name, payload)) as Job) : undefined;
  });
}

interface Cue {
  start: number;
  end: number;
  sheet: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

function parseIndex(text: string): Cue[] {
  const seconds = (s: string) => s.split(':').reduce((total, part) => total * 60 + Number(part), 0);
  const cues: Cue[] = [];
  const blocks = text.split('\n\n').slice(1);
  for (const block of blocks.filter((b) => b.trim())) {
    const [timing, target] = block.trim().split('\n');
    const [from, to] = timing!.split(' --> ');
    const m = /^(sheet-\d{3}\.jpg)#xywh=(\d+),(\d+),(\d+),(\d+)$/.exec(target!)!;
    cues.push({ start: seconds(from!), end: seconds(to!), sheet: m[1]!, x: +m[2]!, y: +m[3]!, w: +m[4]!, h: +m[5]! });
  }
  return cues;
}

/** Every cue points into its sheet, and the cues cover the video from 0 to its end without gaps. */
async function checkStoryboard(indexKey: string, duration: number): Promise<Cue[]> {
  const dir = join(t.storageDir, indexKey, '..');
  const cues = parseIndex(await readFile(join(t.storageDir, indexKey), 'utf8'));
  expect(cues[0]!.start).toBe(0);
  expect(cues.at(-1)!.end).toBeCloseTo(duration, 1);
  cues.forEach((cue, i) => i > 0 && expect(cue.start).toBeCloseTo(cues[i - 1]!.end, 3));
  for (const sheet of new Set(cues.map((c) => c.sheet))) {
    const meta = await sharp(join(dir, sheet)).metadata();
    expect(meta.format).toBe('jpeg');
    for (const cue of cues.filter((c) => c.sheet === sheet)) {
      expect(cue.x + cue.w).toBeLessThanOrEqual(meta.width!);
      expect(cue.y + cue.h).toBeLessThanOrEqual(meta.height!);
    }
  }
  return cues;
}

beforeAll(async () => {
  t = await createWorkerTestEnv({ WORKER_RECONCILE_INTERVAL_MS: '600000' });
  const clip = join(t.env.WORKER_TMP_DIR!, '..', 'clip.mp4');
  await generateTestVideo(clip, { width: 640, height: 360, seconds: 13, fps: 30 });
  await t.storage.putFile('originals/test/clip.mp4', clip);
  worker = await startWorker(t.config, t.settings);
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

describe('seek-bar storyboards', () => {
  let videoId: number;

  it('are made with the ladder: 160 px frames every 2 s on a sheet, indexed by WebVTT beside the HLS files', async () => {
    videoId = await insertVideo(t.db, { originalKey: 'originals/test/clip.mp4' });
    await t.queues.enqueue(JobName.VideoTranscode, { videoId });
    expect(await (await finished(JobName.VideoTranscode, { videoId })).getState()).toBe('completed');
    const video = await readVideo(t.db, videoId);
    const prefix = video.hls_master_key!.replace(/master\.m3u8$/, '');
    expect(video.storyboard_key).toBe(`${prefix}storyboard/storyboard.vtt`);

    const cues = await checkStoryboard(video.storyboard_key!, video.duration);
    expect(cues).toHaveLength(7); // 0, 2, … 12 s of a 13 s clip
    expect(cues.every((c) => c.w === 160 && c.h === 90 && c.sheet === 'sheet-001.jpg')).toBe(true);
    expect(cues.slice(0, 3).map((c) => [c.start, c.end, c.x, c.y])).toEqual([
      [0, 2, 0, 0],
      [2, 4, 160, 0],
      [4, 6, 320, 0],
    ]);
    // The frames differ (the clip moves): the first and the last tile are not the same picture.
    const sheet = join(t.storageDir, prefix, 'storyboard', 'sheet-001.jpg');
    const tile = (x: number) => sharp(sheet).extract({ left: x, top: 0, width: 160, height: 90 }).raw().toBuffer();
    expect((await tile(0)).equals(await tile(960))).toBe(false);
  }, 120_000);

  it('are added to videos transcoded before storyboards by the reconciler (video.storyboard)', async () => {
    const before = await readVideo(t.db, videoId);
    const prefix = before.hls_master_key!.replace(/master\.m3u8$/, '');
    await rm(join(t.storageDir, prefix, 'storyboard'), { recursive: true });
    await t.db.query(`UPDATE videos SET storyboard_key = NULL WHERE id = $1`, [videoId]);

    const report = await worker!.context.get(Reconciler).reconcile();
    expect(report.storyboards).toBe(1);
    const job = await finished(JobName.VideoStoryboard, { videoId });
    expect(await job.getState()).toBe('completed');
    const after = await readVideo(t.db, videoId);
    expect(after.storyboard_key).toBe(`${prefix}storyboard/storyboard.vtt`);
    expect(await checkStoryboard(after.storyboard_key!, after.duration)).toHaveLength(7);

    // Nothing left to do: the next pass queues nothing.
    expect((await worker!.context.get(Reconciler).reconcile()).storyboards).toBe(0);
  }, 120_000);

  // A CI run lost the demo's storyboard this way: a browser test's copy of a video (its ladder,
  // not its storyboard) got a storyboard job from the reconciler; the job wrote into the
  // original's folder, found the copy deleted and removed what it had written.
  it("are never written into another video's ladder by a row that plays it", async () => {
    const original = await readVideo(t.db, videoId);
    const sheet = join(t.storageDir, original.storyboard_key!, '..', 'sheet-001.jpg');
    const before = await readFile(sheet);
    const [copy]: { id: number }[] = await t.db.query(
      `INSERT INTO videos (title, description, status, duration, hls_master_key, processing_state)
       SELECT 'Copy', '', 1, duration, hls_master_key, processing_state FROM videos WHERE id = $1 RETURNING id`,
      [videoId],
    );
    const copyId = copy!.id;

    expect((await worker!.context.get(Reconciler).reconcile()).storyboards).toBe(0);
    await t.queues.enqueue(JobName.VideoStoryboard, { videoId: copyId });
    const job = await finished(JobName.VideoStoryboard, { videoId: copyId });
    expect(job.returnvalue).toEqual({ skipped: expect.stringContaining('not its own') });
    expect((await readVideo(t.db, copyId)).storyboard_key).toBeNull();
    expect((await readFile(sheet)).equals(before)).toBe(true);
    await t.db.query('DELETE FROM videos WHERE id = $1', [copyId]);
  }, 60_000);
});
