/**
 * npm run bench:positions — what saving watch positions (continue watching) costs the api at
 * 1,000 viewers watching at once.
 *
 *   BENCH_POSITIONS_SECONDS=30 npm run bench:positions   longer runs (default 15 s per run)
 *   BENCH_VIEWERS=5000 npm run bench:positions           more viewers
 *   BENCH_POSITIONS_RUNS=saves BENCH_API_PROFILE=1 npm run bench:positions
 *                                                        saves alone (3.), with a CPU profile of the api
 *
 * The web app sends each viewer's position every 60 s (web/src/features/player/hooks/
 * use-watch-positions.ts; a pause, a video change or leaving the page adds one at most),
 * so 1,000 viewers write about 17 times a second. The bench runs the api on its own database
 * (2,000 videos, one account per viewer) and measures:
 *   1. without: a catalogue read load (get_video, 32 connections, as fast as the api answers);
 *   2. with: the same read load plus the viewers' writes, sent open-loop at their real rate;
 *   3. writes alone, as fast as the api answers: their CPU cost in the api, and the rate reached.
 * The cost of positions is the viewers' write rate as a share of the api's capacity for saves:
 * one api process is one thread, so one core's second over a save's CPU. The saturated rate of
 * 3. is printed beside it; here the database and the load generator share the two cores with
 * the api, so that rate stops short of the api's limit. The read throughput with and without
 * is printed too, but its noise is larger than 1 %.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { JwtService } from '@nestjs/jwt';
import autocannon from 'autocannon';
import pg from 'pg';
import { createDataSource } from '@app/db';
import { BENCH_JWT_SECRET, processCpuSeconds, startApi } from '../lib/api-process.js';
import { percentile } from '../lib/percentile.js';
import { dropDatabase, freshDatabase } from '../lib/bench-db.js';

const SECONDS = Number(process.env.BENCH_POSITIONS_SECONDS ?? 15);
const WARMUP_SECONDS = 3;
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 1000);
/** The web app's send interval (SEND_MS in use-watch-positions.ts). */
const SEND_EVERY_S = 60;
const VIDEOS = 2000;
const CONNECTIONS = 32;
const GOAL_SHARE = 0.01;
/** `saves`: only the saturated saves (3.), e.g. to profile the save path alone. */
const SAVES_ONLY = process.env.BENCH_POSITIONS_RUNS === 'saves';
const BENCH_DB = 'cuview_bench_positions';

const log = (line: string) => console.log(line);

/** A fresh database: migrated, VIDEOS visible videos and one account per viewer. */
async function prepareDatabase(): Promise<string> {
  const url = await freshDatabase(BENCH_DB);
  const dataSource = createDataSource(url);
  await dataSource.initialize();
  await dataSource.query(
    `INSERT INTO videos (title, status, duration, hls_master_key, processing_state)
     SELECT 'Video ' || n, 1, 180 + n % 240, 'videos/' || n || '/hls/master.m3u8', 'ready' FROM generate_series(1, $1) n`,
    [VIDEOS],
  );
  await dataSource.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, is_active, credentials_changed_at)
     SELECT 'viewer' || n || '@bench.local', 'x', 'Viewer', 'Bench', true, now() - interval '1 hour'
     FROM generate_series(1, $1) n`,
    [VIEWERS],
  );
  await dataSource.destroy();
  return url;
}

interface Run {
  reads: number[];
  writes: number[];
  writeErrors: number;
  readErrors: number;
  seconds: number;
  apiCpuSeconds: number;
}

type Request = { method: 'GET' | 'POST'; path: string; body?: string; headers: Record<string, string> };

/** Closed-loop load (CONNECTIONS in flight, each sending again when answered). */
function saturate(url: string, next: () => Request, seconds: number, onAnswer: (status: number, ms: number) => void) {
  return new Promise<void>((resolve, reject) => {
    const instance = autocannon(
      { url, connections: CONNECTIONS, duration: seconds, requests: [{ setupRequest: (r) => ({ ...r, ...next() }) }] },
      (error) => (error ? reject(error) : resolve()),
    );
    instance.on('response', (_client, status, _bytes, ms) => onAnswer(status, ms));
  });
}

async function run(
  api: { url: string; pid: number },
  { reads, writesPerSecond, saturateWrites }: { reads: boolean; writesPerSecond: number; saturateWrites: boolean },
  seconds: number,
  save: () => Request,
  read: () => Request,
): Promise<Run> {
  const result: Run = { reads: [], writes: [], writeErrors: 0, readErrors: 0, seconds, apiCpuSeconds: 0 };
  const cpuBefore = await processCpuSeconds(api.pid);
  const started = performance.now();
  const jobs: Promise<unknown>[] = [];
  if (reads)
    jobs.push(
      saturate(api.url, read, seconds, (status, ms) => {
        if (status !== 200) result.readErrors++;
        result.reads.push(ms);
      }),
    );
  if (saturateWrites)
    jobs.push(
      saturate(api.url, save, seconds, (status, ms) => {
        if (status !== 204) result.writeErrors++;
        result.writes.push(ms);
      }),
    );
  if (writesPerSecond > 0) {
    // Open loop: the viewers send on their own clock, whatever the api's answer time.
    const sent: Promise<void>[] = [];
    const total = Math.round(writesPerSecond * seconds);
    for (let i = 0; i < total; i++) {
      const at = started + (i * 1000) / writesPerSecond;
      const wait = at - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const req = save();
      const t0 = performance.now();
      sent.push(
        fetch(api.url + req.path, { method: req.method, headers: req.headers, body: req.body }).then(
          async (res) => {
            await res.arrayBuffer();
            if (res.status !== 204) result.writeErrors++;
            result.writes.push(performance.now() - t0);
          },
          () => {
            result.writeErrors++;
          },
        ),
      );
    }
    jobs.push(Promise.all(sent));
  }
  await Promise.all(jobs);
  result.seconds = (performance.now() - started) / 1000;
  result.apiCpuSeconds = (await processCpuSeconds(api.pid)) - cpuBefore;
  return result;
}

const p95 = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    95,
  );

async function main(): Promise<void> {
  log(`bench:positions: ${VIEWERS} viewers, one save each every ${SEND_EVERY_S} s; ${SECONDS} s per run`);
  const databaseUrl = await prepareDatabase();
  const { url, child } = await startApi(databaseUrl, 'positions');
  const api = { url, pid: child.pid! };
  const jwt = new JwtService({ secret: BENCH_JWT_SECRET, signOptions: { algorithm: 'HS256' } });
  const tokens = Array.from({ length: VIEWERS }, (_, i) =>
    jwt.sign({ token_type: 'access', user_id: i + 1, jti: randomUUID() }, { expiresIn: 3600 }),
  );
  let viewer = 0;
  let tick = 0;
  const save = (): Request => {
    const n = viewer++ % VIEWERS;
    tick++;
    return {
      method: 'POST',
      path: '/cuviewTV/save_positions/',
      body: JSON.stringify({ positions: [{ video_id: (n % VIDEOS) + 1, position: 10 + (tick % 150) }] }),
      headers: { 'content-type': 'application/json', authorization: `JWT ${tokens[n]}` },
    };
  };
  let readNo = 0;
  const read = (): Request => ({
    method: 'GET',
    path: `/cuviewTV/get_video/${((readNo++ * 7919) % VIDEOS) + 1}/`,
    headers: {},
  });
  const rate = VIEWERS / SEND_EVERY_S;
  const rows: string[][] = [];
  try {
    await run(api, { reads: !SAVES_ONLY, writesPerSecond: 0, saturateWrites: true }, WARMUP_SECONDS, save, read);
    const without = SAVES_ONLY
      ? null
      : await run(api, { reads: true, writesPerSecond: 0, saturateWrites: false }, SECONDS, save, read);
    const withWrites = SAVES_ONLY
      ? null
      : await run(api, { reads: true, writesPerSecond: rate, saturateWrites: false }, SECONDS, save, read);
    const alone = await run(api, { reads: false, writesPerSecond: 0, saturateWrites: true }, SECONDS, save, read);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows: saved } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM watch_positions');
    await db.end();
    for (const [name, r] of [
      ['reads only (without positions)', without],
      [`reads + ${VIEWERS} viewers' positions`, withWrites],
      ['positions alone, saturated', alone],
    ] as const) {
      if (!r) continue;
      rows.push([
        name,
        r.reads.length ? (r.reads.length / r.seconds).toFixed(0) : '-',
        r.reads.length ? p95(r.reads).toFixed(1) : '-',
        r.writes.length ? (r.writes.length / r.seconds).toFixed(1) : '-',
        r.writes.length ? p95(r.writes).toFixed(1) : '-',
        String(r.readErrors + r.writeErrors),
        ((r.apiCpuSeconds / r.seconds) * 100).toFixed(0) + ' %',
      ]);
    }
    const header = ['run', 'reads/s', 'read p95 ms', 'writes/s', 'write p95 ms', 'errors', 'api cpu'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells: string[]) =>
      cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
    log('');
    log(line(header));
    log(line(widths.map((w) => '-'.repeat(w))));
    for (const row of rows) log(line(row));

    // One api process is one thread: its capacity for saves is a core's second over a save's
    // CPU. The saturated rate is printed too; on this machine the database and the load
    // generator share the api's two cores, so it stops short of the api's own limit.
    const saturated = alone.writes.length / alone.seconds;
    const cpuMsPerWrite = (alone.apiCpuSeconds * 1000) / Math.max(1, alone.writes.length);
    const capacity = 1000 / cpuMsPerWrite;
    const share = rate / capacity;
    log('');
    log(`rows in watch_positions: ${saved[0].n} (one per viewer and video)`);
    log(
      `api cpu per save: ${cpuMsPerWrite.toFixed(2)} ms, so one api process saves up to ${capacity.toFixed(0)}/s; ` +
        `saturated here: ${saturated.toFixed(0)}/s at ${((alone.apiCpuSeconds / alone.seconds) * 100).toFixed(0)} % api cpu`,
    );
    log(
      `${share < GOAL_SHARE ? 'ok  ' : 'MISS'} ${VIEWERS} viewers write ${rate.toFixed(1)}/s = ${(share * 100).toFixed(2)} % ` +
        `of the api's capacity (goal < ${GOAL_SHARE * 100} %); ${((rate / saturated) * 100).toFixed(2)} % of the saturated rate here`,
    );
    if (without && withWrites) {
      const change = withWrites.reads.length / withWrites.seconds / (without.reads.length / without.seconds) - 1;
      log(
        `     read throughput with them: ${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)} % vs without; read p95 ${p95(without.reads).toFixed(1)} -> ` +
          `${p95(withWrites.reads).toFixed(1)} ms (shared machine: noise of several %)`,
      );
    }
  } finally {
    child.kill('SIGINT');
    await new Promise((resolve) => child.once('exit', resolve));
    await dropDatabase(BENCH_DB);
  }
}

await main();
