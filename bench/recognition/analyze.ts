/**
 * npm run bench:analyze — `get_analyze_info` end to end: the real api answers a signed-in
 * viewer, the real worker process (as production runs it) cuts the 30 s window from the
 * video's audio, decodes the watermark and computes the footprint. A two-song music video is
 * imported, fingerprinted and transcoded with its watermark first (not timed). Each request
 * asks for a window not asked for before, so no answer comes from an earlier job.
 */
import { loadConfig } from '@app/config';
import { JobName } from '@app/contracts';
import { signTestAccessToken } from '@app/testing';
import { createApiApp } from '../../apps/api/src/bootstrap.js';
import {
  createWorkerTestEnv,
  insertTwoSongVideo,
  readVideo,
  spawnWorker,
  waitFor,
} from '../../apps/worker/test/harness.js';
import { percentile } from '../lib/percentile.js';

const SONG_SECONDS = 75;
const SAMPLE_RATE = 48_000;
const GOAL_P95_MS = 1000;

async function main(): Promise<void> {
  // The machine's own services unless told otherwise, as the other benches.
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
  process.env.REDIS_URL ??= 'redis://127.0.0.1:6379';
  const t = await createWorkerTestEnv({ LOG_LEVEL: 'warn', WORKER_LOCK_DURATION_MS: '30000' });
  const worker = await spawnWorker(t.env);
  const api = await createApiApp(loadConfig({ ...t.env, PORT: '0' }), { logger: false });
  try {
    console.log(`preparing: two ${SONG_SECONDS} s songs, their fingerprints, the watermarked ladder…`);
    const { videoId, albumTrackIds } = await insertTwoSongVideo(t, {
      songSeconds: SONG_SECONDS,
      sampleRate: SAMPLE_RATE,
      size: '640x360',
    });
    for (const albumTrackId of albumTrackIds) await t.queues.enqueue(JobName.TrackFingerprint, { albumTrackId });
    await t.queues.enqueue(JobName.VideoTranscode, { videoId });
    await waitFor(
      'the video to be ready',
      async () => (await readVideo(t.db, videoId)).processing_state === 'ready',
      300_000,
    );
    await t.db.query(`UPDATE videos SET status = 1, duration = $2 WHERE id = $1`, [videoId, 2 * SONG_SECONDS]);
    const [user] = await t.db.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, is_active) VALUES ('bench@b.co', 'x', 'B', 'B', true) RETURNING id`,
    );
    const token = signTestAccessToken(user.id, t.config.JWT_SECRET, 3600);
    await api.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${(api.getHttpServer().address() as { port: number }).port}`;

    const times: number[] = [];
    let watermarked = 0;
    let footprinted = 0;
    // Every multiple of 5 s at which a 30 s window fits: each a fresh job.
    for (let offset = 0; offset <= 2 * SONG_SECONDS - 30; offset += 5) {
      const started = performance.now();
      const response = await fetch(`${base}/cuviewTV/get_analyze_info/${videoId}/${offset + 2}/${offset}/`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await response.json()) as { watermark: number | null; footprint: number[] };
      times.push(performance.now() - started);
      if (response.status !== 200) throw new Error(`get_analyze_info answered ${response.status}`);
      if (body.watermark !== null) watermarked++;
      if (body.footprint.length > 0) footprinted++;
    }
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    console.log(`\n## get_analyze_info, 30 s windows of a ${2 * SONG_SECONDS} s video (${times.length} requests)`);
    console.log(
      `answers with a watermark: ${watermarked}/${times.length}; with a footprint: ${footprinted}/${times.length}`,
    );
    console.log(
      `p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms ` +
        `(goal p95 < ${GOAL_P95_MS} ms: ${p95 < GOAL_P95_MS ? 'met' : 'NOT met'})`,
    );
  } finally {
    await api.close();
    worker.child.kill('SIGTERM');
    await worker.exited;
    await t.close();
  }
}

await main();
process.exit(0);
