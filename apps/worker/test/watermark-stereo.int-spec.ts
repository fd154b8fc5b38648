// Issue 12: the watermark of stereo music survives the ladder's own AAC encoder. Two songs of
// the demo (FluidSynth's General MIDI instruments with their reverb and chorus: channels that
// differ, as in real mixes) in a video of 8 s track entries, transcoded by the worker, then
// every analysis window: each part (8 s or less) must name its entry. With the encoder's
// intensity stereo on, about half of such stretches decoded no mark (and 1-2 windows of 124 in
// the demo analysis test, which ones depending on the codes drawn).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { fullProfile, renderAlbums } from '@app/catalogue-seed';
import { ANALYSIS_WINDOW_SECONDS, JobName, analysisOffset } from '@app/contracts';
import { runProcess } from '@app/media';
import { startWorker, type WorkerApp } from '../src/bootstrap.js';
import type { AnalyzeResult } from '../src/processors/video-analyze.processor.js';
import { createWorkerTestEnv, insertAlbumTrack, insertVideo, waitFor, type WorkerTestEnv } from './harness.js';

const ENTRY_SECONDS = 8;
let seconds: number;
let t: WorkerTestEnv;
let worker: WorkerApp;
let cache: string;
let videoId: number;
const entries: { id: number; start: number; end: number }[] = [];

async function finished(name: JobName.VideoTranscode | JobName.VideoAnalyze, payload: object, timeoutMs = 120_000) {
  return waitFor(
    `${name} to finish`,
    async () => {
      const job = await t.queues.findJob(name, payload as never);
      const state = await job?.getState();
      // Found again once finished: the job read before its state changed has no return value.
      return state === 'completed' || state === 'failed' ? t.queues.findJob(name, payload as never) : undefined;
    },
    timeoutMs,
  );
}

beforeAll(async () => {
  t = await createWorkerTestEnv({ WORKER_RECONCILE_INTERVAL_MS: '600000', WORKER_LOCK_DURATION_MS: '30000' });
  cache = await mkdtemp(join(tmpdir(), 'cuview-wm-stereo-'));
  // "Voltage" and "Pixel Rain" (Midnight Circuit, electronic) as the demo renders them: their
  // 8 s stretches decoded 4 times in 20 and 13 in 27 through the encoder before.
  const demo = fullProfile();
  const album = demo.albums[2]!;
  const { tracks } = await renderAlbums(
    {
      ...demo,
      // Into a scratch folder of its own: the demo's cache is not touched.
      albums: [{ ...album, tracks: album.tracks.slice(0, 2) }],
      trackSeconds: (_album, track) => demo.trackSeconds(2, track),
    },
    cache,
    () => undefined,
  );
  const songs = [tracks.get('0:0')!, tracks.get('0:1')!];
  seconds = songs[0]!.seconds + songs[1]!.seconds;
  const clip = join(cache, 'clip.mp4');
  await runProcess('ffmpeg', [
    ...['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'],
    ...['-f', 'lavfi', '-i', `testsrc2=s=160x90:r=25:d=${seconds}`, '-i', songs[0]!.path, '-i', songs[1]!.path],
    ...['-filter_complex', '[1:a][2:a]concat=n=2:v=0:a=1[a]', '-map', '0:v', '-map', '[a]'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-ac', '2', '-shortest', clip],
  ]);
  await t.storage.putFile('originals/test/stereo.mp4', clip);
  videoId = await insertVideo(t.db, { originalKey: 'originals/test/stereo.mp4', thumbnailKey: 'images/test/t.jpg' });
  for (let start = 0, position = 1; start < seconds; start += ENTRY_SECONDS, position++) {
    const albumTrackId = await insertAlbumTrack(t.db, null, ENTRY_SECONDS);
    const [{ id }]: { id: number }[] = await t.db.query(
      `INSERT INTO video_tracks (video_id, album_track_id, position, start_time, end_time)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [videoId, albumTrackId, position, start, Math.min(seconds, start + ENTRY_SECONDS)],
    );
    entries.push({ id, start, end: Math.min(seconds, start + ENTRY_SECONDS) });
  }
  worker = await startWorker(t.config, t.settings);
}, 180_000);

afterAll(async () => {
  await worker?.stop();
  await t?.close();
  if (cache) await rm(cache, { recursive: true, force: true });
});

describe('the watermark through the ladder', () => {
  it('names the entry of every part of every analysis window of stereo songs cut into 8 s entries', async () => {
    await t.queues.enqueue(JobName.VideoTranscode, { videoId });
    expect(await (await finished(JobName.VideoTranscode, { videoId }, 180_000)).getState()).toBe('completed');
    const registered: { code: number; video_track_id: number }[] = await t.db.query(
      `SELECT code, video_track_id FROM watermark_codes WHERE video_id = $1 AND video_track_id IS NOT NULL`,
      [videoId],
    );
    const codeOf = new Map(registered.map((r) => [r.video_track_id, r.code]));
    expect(codeOf.size).toBe(entries.length);

    const answers: string[] = [];
    const offsets = new Set<number>();
    for (let at = 0; at < seconds; at += 5) offsets.add(analysisOffset(at, seconds));
    for (const offset of offsets) {
      await t.queues.enqueue(JobName.VideoAnalyze, { videoId, offset });
      const job = await finished(JobName.VideoAnalyze, { videoId, offset });
      expect(await job.getState()).toBe('completed');
      for (const span of (job.returnvalue as AnalyzeResult).spans) {
        const entry = entries.find((e) => span.start < e.end)!;
        const right = span.watermark === codeOf.get(entry.id);
        answers.push(`window ${offset}-${offset + ANALYSIS_WINDOW_SECONDS} part ${span.start}-${span.end}: ${right}`);
      }
    }
    // A window holds 4 or 5 parts.
    expect(answers.length).toBeGreaterThanOrEqual(4 * offsets.size);
    expect(answers.filter((a) => a.endsWith('false'))).toEqual([]);
  }, 300_000);
});
