import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Job } from 'bullmq';
import { loadConfig } from '@app/config';
import { FFMPEG_QUIET, runProcess } from '@app/media';
import { ANALYSIS_WINDOW_SECONDS, JobName, type JobPayload } from '@app/contracts';
import {
  InMemoryFingerprintIndex,
  matchFingerprint,
  PACKED_POSTING_BYTES,
  uniqueHashes,
  unpackPostings,
  type Fingerprint,
} from '@app/recognition';
import { FingerprintPeaksV21795280000002 } from '../../../libs/db/src/migrations/1795280000002-FingerprintPeaksV2.js';
import { createTrackerApp } from '../../tracker/src/bootstrap.js';
import { MAX_FP_NUMBERS, WM_PROTOCOL } from '../../tracker/src/lookup/lookup.dto.js';
import type { RecognisedTrack } from '../../tracker/src/recognised/recognised-track.js';
import { startWorker, type WorkerApp } from '../src/bootstrap.js';
import { Reconciler } from '../src/reconciler.js';
import type { AnalyzeResult } from '../src/processors/video-analyze.processor.js';
import type { TranscodeResult } from '../src/processors/video-transcode.processor.js';
import { FOOTPRINT_MAX_LANDMARKS_PER_SECOND } from '../src/recognition/recognition-engine.js';
import {
  createWorkerTestEnv,
  insertTwoSongVideo,
  insertVideo,
  readVideo,
  waitFor,
  type WorkerTestEnv,
} from './harness.js';

const SONG_SECONDS = 40;
const SAMPLE_RATE = 44_100;
let t: WorkerTestEnv;
let worker: WorkerApp;
let tracker: NestFastifyApplication;
let trackerUrl: string;
/** The music video: song A from 0 s, then song B from 40 s, one track entry each. */
let albumTrackId: number;
let secondAlbumTrackId: number;
let videoId: number;
let entryIds: [number, number];

async function finished<N extends JobName>(name: N, payload: JobPayload<N>, timeoutMs = 60_000): Promise<Job> {
  return waitFor(
    `${name} to finish`,
    async () => {
      const job = await t.queues.findJob(name, payload);
      const state = await job?.getState();
      return state === 'completed' || state === 'failed' ? ((await t.queues.findJob(name, payload)) as Job) : undefined;
    },
    timeoutMs,
  );
}

async function fingerprintRows(trackId = albumTrackId): Promise<number> {
  const [{ n }]: { n: string }[] = await t.db.query(
    `SELECT length(postings) / ${PACKED_POSTING_BYTES} AS n FROM fingerprint_postings WHERE album_track_id = $1`,
    [trackId],
  );
  return Number(n);
}

/** POST to the real tracker (same database as the worker) and answer the track of its `result`. */
async function askTracker(path: string, body: unknown): Promise<RecognisedTrack | null> {
  const response = await fetch(trackerUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  type Info = { wm_track?: RecognisedTrack; fp_track?: RecognisedTrack } | null;
  const { result } = (await response.json()) as { result: Info };
  return result?.wm_track ?? result?.fp_track ?? null;
}

/** What the tracker does with a footprint: look its hashes up in the index and vote on offsets. */
async function matchFootprint(footprint: number[]) {
  const count = footprint.length / 2;
  const query: Fingerprint = { hashes: new Uint32Array(count), ticks: new Uint32Array(count), duration: 0 };
  for (let i = 0; i < count; i++) {
    query.hashes[i] = footprint[2 * i]!;
    query.ticks[i] = footprint[2 * i + 1]!;
  }
  const rows: { album_track_id: number; postings: Buffer }[] = await t.db.query(
    'SELECT album_track_id, postings FROM fingerprint_postings',
  );
  const index = new InMemoryFingerprintIndex();
  for (const row of rows) index.add(row.album_track_id, unpackPostings(row.postings));
  const postings = index.lookup(uniqueHashes(query));
  return matchFingerprint(query, postings);
}

beforeAll(async () => {
  t = await createWorkerTestEnv({
    WORKER_RECONCILE_INTERVAL_MS: '600000',
    // The harness's 3 s lock is for the crash tests. Here the worker runs inside Jest, whose
    // module sandbox makes the engines' typed-array loops several times slower than in the real
    // worker process, so a window's fingerprint and watermark decode can hold the event loop
    // for seconds on a loaded machine: the production lock (30 s) keeps such a job from
    // counting as stalled and running twice.
    WORKER_LOCK_DURATION_MS: '30000',
  });
  ({
    videoId,
    albumTrackIds: [albumTrackId, secondAlbumTrackId],
    entryIds,
  } = await insertTwoSongVideo(t, { songSeconds: SONG_SECONDS, sampleRate: SAMPLE_RATE, size: '320x240' }));
  worker = await startWorker(t.config, t.settings);
  // The tracking service, reading what the worker writes (codes and the fingerprint index).
  tracker = await createTrackerApp(loadConfig({ ...t.env, PORT: '0', PUBLIC_URL: 'http://tv.example' }), {
    logger: false,
  });
  await tracker.listen(0, '127.0.0.1');
  trackerUrl = `http://127.0.0.1:${(tracker.getHttpServer().address() as { port: number }).port}`;
}, 120_000);

afterAll(async () => {
  await tracker?.close();
  await worker?.stop();
  await t?.close();
});

// The worker's reconciler queues, at start, what Postgres says is pending (these tracks, this
// video): the tests ask for the work as it does (`restore`), so that a job it already started
// gets no follow-up run that would overwrite its results mid-test.
describe('recognition jobs', () => {
  it('indexes an album track: its landmarks replace any earlier ones and the track is marked fingerprinted', async () => {
    await t.queues.enqueue(JobName.TrackFingerprint, { albumTrackId }, 'restore');
    const job = await finished(JobName.TrackFingerprint, { albumTrackId });
    expect(await job.getState()).toBe('completed');
    const rows = await fingerprintRows();
    expect(rows).toBeGreaterThan(SONG_SECONDS * 20);
    const [{ fingerprinted_at }]: { fingerprinted_at: Date | null }[] = await t.db.query(
      `SELECT fingerprinted_at FROM album_tracks WHERE id = $1`,
      [albumTrackId],
    );
    expect(fingerprinted_at).toBeInstanceOf(Date);

    await job.remove();
    await t.queues.enqueue(JobName.TrackFingerprint, { albumTrackId }, 'restore');
    await finished(JobName.TrackFingerprint, { albumTrackId });
    expect(await fingerprintRows()).toBe(rows);
  }, 120_000);

  it('indexes every track again after a migration that changes the peaks, through the reconciler', async () => {
    const rows = await fingerprintRows();
    const fingerprintedAt = async (): Promise<Date | null> =>
      (
        await t.db.query<{ fingerprinted_at: Date | null }[]>(
          `SELECT fingerprinted_at FROM album_tracks WHERE id = $1`,
          [albumTrackId],
        )
      )[0]!.fingerprinted_at;
    expect(await fingerprintedAt()).toBeInstanceOf(Date);
    const runner = t.db.createQueryRunner();
    await new FingerprintPeaksV21795280000002().up(runner);
    await runner.release();
    expect(await fingerprintedAt()).toBeNull();

    // The earlier run's completed job is still in Redis: the reconciler replaces it.
    expect(await (await t.queues.findJob(JobName.TrackFingerprint, { albumTrackId }))?.getState()).toBe('completed');
    expect((await worker.context.get(Reconciler).reconcile()).fingerprints).toBeGreaterThanOrEqual(1);
    await waitFor('the track to be indexed again', async () => (await fingerprintedAt()) !== null);
    expect(await fingerprintRows()).toBe(rows);
  }, 120_000);

  it('analyses windows of the transcoded video: the watermark names the track entry, the compact footprint the track and offset, and the tracker answers both', async () => {
    await t.queues.enqueue(JobName.TrackFingerprint, { albumTrackId: secondAlbumTrackId }, 'restore');
    expect(await (await finished(JobName.TrackFingerprint, { albumTrackId: secondAlbumTrackId })).getState()).toBe(
      'completed',
    );
    expect(await fingerprintRows(secondAlbumTrackId)).toBeGreaterThan(SONG_SECONDS * 20);

    await t.queues.enqueue(JobName.VideoTranscode, { videoId }, 'restore');
    const transcode = await finished(JobName.VideoTranscode, { videoId }, 120_000);
    expect(await transcode.getState()).toBe('completed');
    expect((transcode.returnvalue as TranscodeResult).watermarked).toBe(true);
    // Ready, and the mark read back from the finished ladder: nothing to tell staff.
    expect(await readVideo(t.db, videoId)).toMatchObject({ processing_state: 'ready', watermark_warning: null });

    // One code per track entry (they cover the whole video: no gap code).
    const registered: { code: number; video_track_id: number | null; album_track_id: number | null }[] =
      await t.db.query(`SELECT code, video_track_id, album_track_id FROM watermark_codes WHERE video_id = $1`, [
        videoId,
      ]);
    expect(registered.map((r) => r.video_track_id).sort((a, b) => a! - b!)).toEqual(
      [...entryIds].sort((a, b) => a - b),
    );
    const codeOf = (entryId: number) => registered.find((r) => r.video_track_id === entryId)!.code;
    expect(codeOf(entryIds[0])).not.toBe(codeOf(entryIds[1]));

    // The window is cut where its track entries change: each part hears one entry only, its
    // watermark names that entry and its footprint that track, at where the window starts in it.
    const [first, second] = entryIds;
    const A = { entryId: first, track: albumTrackId };
    const B = { entryId: second, track: secondAlbumTrackId };
    const windows = [
      { offset: 7, spans: [{ start: 7, end: 37, ...A, offsetInTrack: 7 }] },
      { offset: 50, spans: [{ start: 50, end: 80, ...B, offsetInTrack: 10 }] },
      // Across the switch at 40 s: 5 s of the first song, then 25 s of the second.
      {
        offset: 35,
        spans: [
          { start: 35, end: 40, ...A, offsetInTrack: 35 },
          { start: 40, end: 65, ...B, offsetInTrack: -5 },
        ],
      },
    ];
    for (const window of windows) {
      const started = Date.now();
      await t.queues.enqueue(JobName.VideoAnalyze, { videoId, offset: window.offset });
      const job = await finished(JobName.VideoAnalyze, { videoId, offset: window.offset });
      const elapsed = Date.now() - started;
      expect(await job.getState()).toBe('completed');
      const result = job.returnvalue as AnalyzeResult;
      expect(result.spans.map(({ start, end }) => ({ start, end }))).toEqual(
        window.spans.map(({ start, end }) => ({ start, end })),
      );

      for (const [i, expected] of window.spans.entries()) {
        const span = result.spans[i]!;
        // The watermark decodes to the code registered for the entry playing in this part.
        expect(span.watermark).toBe(codeOf(expected.entryId));

        // The footprint is compact (a few thousand landmarks, well inside the tracker's bound) …
        expect(span.footprint.length % 2).toBe(0);
        expect(span.footprint.length / 2).toBeGreaterThan(50 * (span.end - span.start));
        expect(span.footprint.length / 2).toBeLessThanOrEqual(
          FOOTPRINT_MAX_LANDMARKS_PER_SECOND * (ANALYSIS_WINDOW_SECONDS + 1),
        );
        expect(span.footprint.length).toBeLessThanOrEqual(MAX_FP_NUMBERS / 2);
        // … and still finds the track at the right offset.
        const match = await matchFootprint(span.footprint);
        expect(match?.trackId).toBe(expected.track);
        expect(match!.offsetSeconds).toBeCloseTo(expected.offsetInTrack, 1);

        // The tracker answers the same track for the worker's numbers, as the web app sends them.
        const byWatermark = await askTracker('/get_info_by_wm_nums', {
          wm_numbers: [span.watermark, ...WM_PROTOCOL],
          get_as_link: true,
          session_id: '1700000000-7',
          video_id: videoId,
          start_pos: window.offset,
        });
        expect(byWatermark?.track_id).toBe(expected.track);
        expect(byWatermark?.wm1_info.code).toBe(span.watermark);
        for (const placed of [{}, { video_id: videoId, start_pos: window.offset }]) {
          const byFootprint = await askTracker('/get_info_by_fp_nums', {
            fp_numbers: span.footprint,
            get_as_link: true,
            session_id: '1700000000-7',
            ...placed,
          });
          expect(byFootprint?.track_id).toBe(expected.track);
          expect(Math.abs(byFootprint!.fp.offset! - expected.offsetInTrack)).toBeLessThan(0.1);
        }
        console.log(
          `video.analyze at ${window.offset} s answered in ${elapsed} ms (enqueue to result), part ${span.start}-${span.end} s: ` +
            `watermark ${span.watermark}, footprint ${span.footprint.length / 2} landmarks = ` +
            `${JSON.stringify(span.footprint).length} bytes of JSON, score ${match!.score}`,
        );
      }
    }
    // Placed on the video's timeline, a footprint of the first song is not what plays at 50 s.
    const early = ((await finished(JobName.VideoAnalyze, { videoId, offset: 7 })).returnvalue as AnalyzeResult)
      .spans[0]!.footprint;
    expect(
      await askTracker('/get_info_by_fp_nums', { fp_numbers: early, video_id: videoId, start_pos: 50 }),
    ).toBeNull();
  }, 240_000);

  it('tells staff when the finished video holds no readable watermark: a low tone cannot carry one', async () => {
    const dir = join(t.env.WORKER_TMP_DIR!, '..');
    const clip = join(dir, 'low-tone.mp4');
    await runProcess('ffmpeg', [
      ...FFMPEG_QUIET,
      ...['-f', 'lavfi', '-i', 'testsrc2=s=320x240:r=25:d=20', '-f', 'lavfi', '-i', 'sine=f=220:r=44100:d=20'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', clip],
    ]);
    await t.storage.putFile('originals/test/low-tone.mp4', clip);
    const toneVideo = await insertVideo(t.db, { originalKey: 'originals/test/low-tone.mp4' });
    await t.queues.enqueue(JobName.VideoTranscode, { videoId: toneVideo }, 'restore');
    const transcode = await finished(JobName.VideoTranscode, { videoId: toneVideo }, 120_000);
    expect(await transcode.getState()).toBe('completed');
    expect((transcode.returnvalue as TranscodeResult).watermarked).toBe(true);
    const video = await readVideo(t.db, toneVideo);
    expect(video.processing_state).toBe('ready');
    expect(video.watermark_warning).toMatch(
      /^The watermark could not be read back from the finished video \(1 place tried\): its audio has too little sound between 500 Hz and 7\.5 kHz/,
    );
    // The video still plays.
    expect(video.hls_master_key).toMatch(/master\.m3u8$/);
  });

  it('refuses an offset past the end of the video at once, with a readable reason', async () => {
    await t.queues.enqueue(JobName.VideoAnalyze, { videoId, offset: 500 });
    const job = await finished(JobName.VideoAnalyze, { videoId, offset: 500 });
    expect([await job.getState(), job.attemptsMade, job.failedReason]).toEqual([
      'failed',
      1,
      'The offset 500 s lies past the end of the video (80 s)',
    ]);
  }, 60_000);
});
