/**
 * npm run bench:api — the viewer API under load on a generated catalogue (100,000 videos,
 * 5,000 playlists and their tags), beside a raw `pg` baseline that runs the same SQL.
 *
 *   BENCH_API_SECONDS=20 npm run bench:api     longer runs (default 10 s per endpoint and side)
 *   npm run bench:api -- --fresh                regenerate the catalogue
 *   npm run bench:api -- --scale                10k / 100k / 1M videos, long tail, cache off (scale.ts)
 *
 * For each endpoint: 32 concurrent connections against the api (autocannon), then 32
 * concurrent callers running the api's exact SQL statements (prepared by name, as the api
 * does) through a `pg` pool of the api's size. The ratio is api throughput / baseline throughput: what HTTP, NestJS and JSON cost on
 * top of the database work. The machine is shared, so figures are noisy; run it twice.
 *
 * The api runs twice, side by side: as shipped ("cached", its catalogue answer cache on; after
 * the warm-up every request of the mix is a hit) and with CATALOGUE_CACHE_MB=0 ("uncached",
 * every request runs its SQL, as on a cold cache or after a staff edit empties it). The raw
 * `pg` baseline never caches. The goal is judged on the cached row; both rows are printed.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { FilterKind } from '@app/contracts';
import { dataSourceOptions } from '@app/db';
import { playlistVideosQuery } from '../../apps/api/src/catalogue/playlist-sql.js';
import { statementName } from '../../apps/api/src/catalogue/read-db.js';
import type { SqlQuery } from '../../apps/api/src/catalogue/video-sql.js';
import { groupByKind } from '../../apps/api/src/common/filter-list.js';
import { filterResultsQuery, searchResultsQuery } from '../../apps/api/src/search/search-sql.js';
import { processCpuSeconds, startApi } from '../lib/api-process.js';
import { percentile } from '../lib/percentile.js';
import { ensureCatalogue } from '../lib/bench-db.js';
import { sendCalls, type HttpCall } from '../lib/load.js';
import { SIZES, WORDS } from './generate.js';
import { runScale } from './scale.js';

const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const WARMUP_SECONDS = 3;
const CONNECTIONS = 32;
/** The api's pool size (dataSourceOptions: extra.max); the baseline gets the same. */
const POOL_SIZE = (dataSourceOptions('postgres://x/y') as { extra?: { max?: number } }).extra?.max ?? 10;
const GOAL = { p95Ms: 25, ratio: 0.6 };
const BENCH_DB = 'cuview_bench_api';

const log = (line: string) => console.log(line);

interface Call extends HttpCall {
  /** The statement the api runs for this call. */
  sql: SqlQuery;
}

interface Endpoint {
  name: string;
  calls: Call[];
}

/** Request mixes that look like real use, built from the generated catalogue. */
async function endpoints(databaseUrl: string): Promise<Endpoint[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const ids = async (sql: string) => (await client.query<{ id: number }>(sql)).rows.map((r) => r.id);
  try {
    const playlists = await ids('SELECT id FROM playlists WHERE status = 1 ORDER BY random() LIMIT 500');
    const genres = await ids('SELECT id FROM genres');
    const moods = await ids('SELECT id FROM moods');
    const tags = await ids('SELECT id FROM tags');
    const activities = await ids('SELECT id FROM activities');
    const videoGenres = await ids('SELECT id FROM video_genres');
    const artists = await ids('SELECT member_id AS id FROM album_track_members GROUP BY 1 ORDER BY random() LIMIT 200');
    const composers = await ids(
      'SELECT composer_id AS id FROM album_track_composers GROUP BY 1 ORDER BY random() LIMIT 200',
    );
    let seed = 12345;
    const pick = <T>(list: readonly T[]): T => list[(seed = (seed * 16807) % 2147483647) % list.length];

    const searches: Call[] = [];
    for (let i = 0; i < 200; i++) {
      // Mostly one or two whole words, some word starts as typed, a few second pages.
      const kind = i % 10;
      const q = kind < 5 ? pick(WORDS) : kind < 8 ? `${pick(WORDS)} ${pick(WORDS)}` : pick(WORDS).slice(0, 4);
      const page = kind === 9 ? 2 : 1;
      searches.push({
        method: 'POST',
        path: `/cuviewTV/get_search_results/${encodeURIComponent(q)}/${page}/`,
        sql: searchResultsQuery(q, page),
      });
    }

    const filters: Call[] = [];
    const shapes: (() => string)[] = [
      () => `${pick(genres)}!${FilterKind.Genre}`,
      () => `${pick(genres)}!${FilterKind.Genre}|${pick(moods)}!${FilterKind.Mood}`,
      () =>
        `${pick(tags)}!${FilterKind.Tag}|${pick(tags)}!${FilterKind.Tag}|${pick(activities)}!${FilterKind.Activity}`,
      () => `${pick(artists)}!${FilterKind.Artist}`,
      () => `${pick(videoGenres)}!${FilterKind.VideoGenre}|${pick(genres)}!${FilterKind.Genre}`,
      () => `${pick(composers)}!${FilterKind.Composer}|${pick(composers)}!${FilterKind.Composer}`,
      () => `${pick(moods)}!${FilterKind.Mood}`,
    ];
    for (let i = 0; i < 210; i++) {
      const data = shapes[i % shapes.length]();
      const page = i % 5 === 4 ? 2 : 1;
      const entries = data.split('|').map((e) => {
        const [id, kind] = e.split('!').map(Number);
        return { id, kind: kind as FilterKind };
      });
      filters.push({
        method: 'POST',
        path: `/cuviewTV/get_filter_results/${page}/`,
        body: JSON.stringify({ data }),
        sql: filterResultsQuery(groupByKind(entries), page),
      });
    }

    return [
      {
        name: 'get_playlist_videos',
        calls: playlists.map((id) => ({
          method: 'GET',
          path: `/cuviewTV/get_playlist_videos/${id}/`,
          sql: playlistVideosQuery(id),
        })),
      },
      { name: 'get_search_results', calls: searches },
      { name: 'get_filter_results', calls: filters },
    ];
  } finally {
    await client.end();
  }
}

interface Measure {
  requests: number;
  seconds: number;
  errors: number;
  latencies: number[];
  /** CPU seconds the api process used during the run (undefined for the baseline). */
  apiCpu?: number;
}

async function loadApi(url: string, pid: number, calls: Call[], seconds: number): Promise<Measure> {
  const cpuBefore = await processCpuSeconds(pid);
  const load = await sendCalls(url, calls, { seconds, connections: CONNECTIONS });
  const apiCpu = (await processCpuSeconds(pid)) - cpuBefore;
  return {
    requests: load.latencies.length,
    seconds: load.seconds,
    errors: load.errors,
    latencies: load.latencies,
    apiCpu,
  };
}

async function loadPg(pool: pg.Pool, calls: Call[], seconds: number): Promise<Measure> {
  let next = 0;
  let errors = 0;
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const { sql } = calls[next++ % calls.length];
        const t0 = performance.now();
        try {
          // Prepared by name, exactly as the api's ReadDb runs it.
          await pool.query(
            sql.planEachTime
              ? { text: sql.text, values: sql.values }
              : { name: statementName(sql.text), text: sql.text, values: sql.values },
          );
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { requests: latencies.length, seconds: (performance.now() - started) / 1000, errors, latencies };
}

function summary(m: Measure) {
  const sorted = [...m.latencies].sort((a, b) => a - b);
  return {
    rps: m.requests / m.seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    errors: m.errors,
    cpuMsPerRequest: m.apiCpu === undefined ? NaN : (m.apiCpu * 1000) / Math.max(1, m.requests),
  };
}

async function main(): Promise<void> {
  const fresh = process.argv.includes('--fresh');
  const databaseUrl = await ensureCatalogue({ name: BENCH_DB, sizes: SIZES, fresh, log });
  // BENCH_API_ONLY=get_search_results runs one endpoint.
  const list = (await endpoints(databaseUrl)).filter(
    (e) => !process.env.BENCH_API_ONLY || e.name === process.env.BENCH_API_ONLY,
  );
  const apis = [
    { mode: 'cached', ...(await startApi(databaseUrl, 'cached')) },
    { mode: 'uncached', ...(await startApi(databaseUrl, 'uncached', { CATALOGUE_CACHE_MB: '0' })) },
  ];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
  const rows: string[][] = [];
  const verdicts: string[] = [];
  try {
    for (const endpoint of list) {
      log(
        `\n${endpoint.name}: ${endpoint.calls.length} distinct requests, ${CONNECTIONS} connections, ${SECONDS} s each side`,
      );
      const viaApis = [];
      for (const api of apis) {
        await loadApi(api.url, api.child.pid!, endpoint.calls, WARMUP_SECONDS);
        viaApis.push({ mode: api.mode, ...summary(await loadApi(api.url, api.child.pid!, endpoint.calls, SECONDS)) });
      }
      await loadPg(pool, endpoint.calls, WARMUP_SECONDS);
      const viaPg = summary(await loadPg(pool, endpoint.calls, SECONDS));
      for (const viaApi of viaApis) {
        const ratio = viaApi.rps / viaPg.rps;
        rows.push([
          endpoint.name,
          viaApi.mode,
          viaApi.rps.toFixed(0),
          viaApi.p50.toFixed(1),
          viaApi.p95.toFixed(1),
          String(viaApi.errors),
          viaApi.cpuMsPerRequest.toFixed(2),
          viaPg.rps.toFixed(0),
          viaPg.p50.toFixed(1),
          viaPg.p95.toFixed(1),
          ratio.toFixed(2),
        ]);
        const ok = viaApi.p95 < GOAL.p95Ms && ratio >= GOAL.ratio && viaApi.errors === 0;
        const verdict = viaApi.mode === 'cached' ? (ok ? 'ok  ' : 'MISS') : ok ? '(ok)' : '(--)';
        verdicts.push(
          `${verdict} ${endpoint.name} ${viaApi.mode}: p95 ${viaApi.p95.toFixed(1)} ms (goal < ${GOAL.p95Ms}), ` +
            `ratio ${ratio.toFixed(2)} (goal >= ${GOAL.ratio})${viaApi.errors ? `, ${viaApi.errors} errors` : ''}`,
        );
      }
    }
    // What HTTP alone costs on this machine right now: the floor under any endpoint's figures.
    const floorCalls: Call[] = [{ method: 'GET', path: '/healthz', sql: { text: '', values: [] } }];
    await loadApi(apis[0].url, apis[0].child.pid!, floorCalls, WARMUP_SECONDS);
    const floor = summary(await loadApi(apis[0].url, apis[0].child.pid!, floorCalls, SECONDS));
    verdicts.push(
      `HTTP floor, GET /healthz on the same api: ${floor.rps.toFixed(0)} req/s, p50 ${floor.p50.toFixed(1)} ms, ` +
        `p95 ${floor.p95.toFixed(1)} ms`,
    );
  } finally {
    await pool.end();
    for (const api of apis) {
      api.child.kill('SIGINT');
      await new Promise((resolve) => api.child.once('exit', resolve));
    }
  }
  const header = [
    'endpoint',
    'api',
    'api req/s',
    'api p50 ms',
    'api p95 ms',
    'api errors',
    'api cpu ms/req',
    'pg req/s',
    'pg p50 ms',
    'pg p95 ms',
    'ratio',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  log(
    `\n${SIZES.videos} videos, ${SIZES.playlists} playlists; ${CONNECTIONS} connections; pg pool ${POOL_SIZE} on both sides`,
  );
  log(line(header));
  log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) log(line(row));
  log('');
  for (const verdict of verdicts) log(verdict);
  log('The goal is judged on the cached api (as shipped); the uncached rows, in brackets, show a cold cache.');
}

if (process.argv.includes('--scale')) await runScale();
else await main();
