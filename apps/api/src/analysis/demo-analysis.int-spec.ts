// Issue 12: "what is playing" over the whole demo catalogue as `npm start` seeds it. Every demo
// video with album tracks, every 10 s of playback: get_analyze_info at that moment (the
// offset rule of DESIGN.md §2.12), then both tracker calls as the web app makes them. The
// answer must name the track playing at that moment: the watermark always, the footprint
// in 95 % of the moments, and neither ever names a wrong track.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { loadConfig, type AppConfig } from '@app/config';
import { QueueName, analysisOffset } from '@app/contracts';
import { createDataSource } from '@app/db';
import { LocalStorage } from '@app/media';
import { createTestDatabase, serviceUrls, signTestAccessToken, uniqueRedisPrefix } from '@app/testing';
import { createTrackerApp } from '../../../tracker/src/bootstrap.js';
import { WM_PROTOCOL } from '../../../tracker/src/lookup/lookup.dto.js';
import { startWorker, type WorkerApp } from '../../../worker/src/bootstrap.js';
import { loadWorkerSettings } from '../../../worker/src/worker.settings.js';
import { createApiApp } from '../bootstrap.js';
import { spanAt } from './analysis.service.js';
import { fullProfile, JobQueue, seedDemoCatalogue } from './demo-catalogue.testing.js';

const cacheDir = resolve(process.env.DEMO_MEDIA_DIR || '.data/demo-media');
const STEP_SECONDS = 10;

type Outcome = 'right' | 'none' | 'wrong';
interface Moment {
  videoId: number;
  t: number;
  offset: number;
  expected: number;
  watermark: { outcome: Outcome; track: number | null };
  footprint: { outcome: Outcome; track: number | null };
}

describe('what is playing, over the demo catalogue', () => {
  const { redisUrl } = serviceUrls();
  const prefix = uniqueRedisPrefix();
  let database: { url: string; drop: () => Promise<void> };
  let db: DataSource;
  let root: string;
  let config: AppConfig;
  let jobs: JobQueue;
  let worker: WorkerApp;
  let api: NestFastifyApplication;
  let tracker: NestFastifyApplication;
  const moments: Moment[] = [];

  const listen = async (app: NestFastifyApplication) => {
    await app.listen(0, '127.0.0.1');
    return `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await createDataSource(database.url, { extra: { max: 3 } }).initialize();
    root = await mkdtemp(join(tmpdir(), 'cuview-demo-analysis-'));
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256!',
      STORAGE_DIR: join(root, 'storage'),
      WORKER_PORT: '0',
      WORKER_TMP_DIR: join(root, 'tmp'),
      PORT: '0',
      PUBLIC_URL: 'http://tv.example',
      LOG_LEVEL: 'silent',
      // Jest's module sandbox slows the engines' loops: the production lock keeps a long job from stalling.
      WORKER_LOCK_DURATION_MS: '30000',
      WORKER_RECONCILE_INTERVAL_MS: '600000',
    };
    config = loadConfig(env);
    jobs = new JobQueue(redisUrl, prefix);
    const seeded = await seedDemoCatalogue(db, new LocalStorage({ root: env.STORAGE_DIR! }), jobs, {
      // The demo's own music, tracks and timings; its pictures at 160x90 (recognition hears
      // only the audio), which makes the seed and the transcodes several times cheaper.
      profile: { ...fullProfile(), frame: { width: 160, height: 90 } },
      cacheDir,
      ifEmpty: true,
    });
    expect(seeded.skipped).toBeUndefined();

    // The real pipeline: the worker transcodes (watermarks) every video and fingerprints every track.
    worker = await startWorker(config, loadWorkerSettings(env));
    const deadline = Date.now() + 900_000;
    for (;;) {
      const [{ pending, failed }]: { pending: number; failed: number }[] = await db.query(
        `SELECT (SELECT count(*)::int FROM videos WHERE original_key IS NOT NULL AND processing_state <> 'ready'
                   AND processing_state <> 'failed')
              + (SELECT count(*)::int FROM album_tracks WHERE fingerprinted_at IS NULL) AS pending,
                (SELECT count(*)::int FROM videos WHERE processing_state = 'failed') AS failed`,
      );
      expect(failed).toBe(0);
      if (pending === 0) break;
      if (Date.now() > deadline) throw new Error(`${pending} videos or tracks still pending`);
      await new Promise((r) => setTimeout(r, 1000));
    }

    api = await createApiApp(config, { logger: false });
    const apiUrl = await listen(api);
    tracker = await createTrackerApp(config, { logger: false });
    const trackerUrl = await listen(tracker);
    const [viewer]: { id: number }[] = await db.query(`SELECT id FROM users WHERE email = 'viewer@cuview.local'`);
    const token = signTestAccessToken(viewer!.id, config.JWT_SECRET);

    const videos: { id: number; duration: number }[] = await db.query(
      `SELECT v.id, v.duration FROM videos v
        WHERE v.status = 1 AND v.hls_master_key IS NOT NULL AND EXISTS (SELECT 1 FROM video_tracks e WHERE e.video_id = v.id)
        ORDER BY v.id`,
    );
    const post = async (path: string, body: unknown) => {
      const response = await fetch(trackerUrl + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
      const { result } = (await response.json()) as {
        result: { wm_track?: { track_id: number }; fp_track?: { track_id: number } } | null;
      };
      return result?.wm_track?.track_id ?? result?.fp_track?.track_id ?? null;
    };
    const judge = (track: number | null, expected: number) => ({
      outcome: (track === null ? 'none' : track === expected ? 'right' : 'wrong') as Outcome,
      track,
    });
    for (const video of videos) {
      const entries: { album_track_id: number; end: number }[] = await db.query(
        `SELECT album_track_id, end_time AS end FROM video_tracks WHERE video_id = $1 ORDER BY start_time, position`,
        [video.id],
      );
      for (let t = 0; t < video.duration; t += STEP_SECONDS) {
        // What the web app asks: the offset rule, then the tracker with the analysed window's start.
        const offset = analysisOffset(t, video.duration);
        const response = await fetch(`${apiUrl}/cuviewTV/get_analyze_info/${video.id}/${t}/${offset}/`, {
          headers: { authorization: `JWT ${token}` },
        });
        expect(response.status).toBe(200);
        const info = (await response.json()) as { watermark: number | null; footprint: number[]; offset: number };
        const session = { get_as_link: true, session_id: `1700000000${viewer!.id}`, video_id: video.id };
        const wm =
          info.watermark === null
            ? null
            : await post('/get_info_by_wm_nums', {
                ...session,
                wm_numbers: [info.watermark, ...WM_PROTOCOL],
                start_pos: info.offset,
              });
        const fp =
          info.footprint.length === 0
            ? null
            : await post('/get_info_by_fp_nums', { ...session, fp_numbers: info.footprint, start_pos: info.offset });
        // The track playing at t: the first entry not ended yet (the player's track strip), else the last.
        const expected = spanAt(entries, t)!.album_track_id;
        moments.push({
          videoId: video.id,
          t,
          offset: info.offset,
          expected,
          watermark: judge(wm, expected),
          footprint: judge(fp, expected),
        });
      }
    }
  }, 1_500_000);

  afterAll(async () => {
    await tracker?.close();
    await api?.close();
    await worker?.stop();
    if (jobs) {
      for (const name of Object.values(QueueName)) await jobs.queue(name).obliterate({ force: true });
      await jobs.close();
    }
    await db?.destroy();
    await database?.drop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('names the track playing at every 10 s of every demo video: watermark 100 %, footprint ≥ 95 %, never a wrong one', () => {
    const count = (list: Moment[], side: 'watermark' | 'footprint', outcome: Outcome) =>
      list.filter((m) => m[side].outcome === outcome).length;
    const lines = [...new Set(moments.map((m) => m.videoId))].map((id) => {
      const of = moments.filter((m) => m.videoId === id);
      const misses = of
        .filter((m) => m.footprint.outcome !== 'right' || m.watermark.outcome !== 'right')
        .map((m) => `t=${m.t} (window ${m.offset}) wm ${m.watermark.track} fp ${m.footprint.track} want ${m.expected}`);
      return (
        `video ${id}: ${of.length} moments, watermark ${count(of, 'watermark', 'right')} right, ` +
        `footprint ${count(of, 'footprint', 'right')} right / ${count(of, 'footprint', 'none')} none / ` +
        `${count(of, 'footprint', 'wrong')} wrong${misses.length ? `; ${misses.join('; ')}` : ''}`
      );
    });
    const total = moments.length;
    const fpRight = count(moments, 'footprint', 'right');
    console.log(
      [
        ...lines,
        `all: ${total} moments, watermark ${count(moments, 'watermark', 'right')}/${total}, ` +
          `footprint ${fpRight}/${total} (${((100 * fpRight) / total).toFixed(1)} %), wrong ` +
          `${count(moments, 'watermark', 'wrong')} + ${count(moments, 'footprint', 'wrong')}`,
      ].join('\n'),
    );
    expect(total).toBeGreaterThanOrEqual(40);
    expect(count(moments, 'watermark', 'wrong') + count(moments, 'footprint', 'wrong')).toBe(0);
    // Issue 12. It was 122-123 of 124, the misses differing between runs (video 153 at t=30,
    // 403 at t=10): the ladder's AAC intensity stereo dropped the mark from its bands, and how
    // much of a window survived depended on the codes drawn for the run. Every window now.
    expect(count(moments, 'watermark', 'right')).toBe(total);
    expect(fpRight / total).toBeGreaterThanOrEqual(0.95);
  });
});
