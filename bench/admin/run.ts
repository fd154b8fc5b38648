/**
 * npm run bench:admin — the staff console's lists and bulk actions on a generated catalogue of
 * 10,000 videos (issue 15's goals: list, sort and filter answers p95 under 50 ms; switching
 * access of 1,000 videos in one bulk request under 2 s).
 *
 *   npm run bench:admin                 reuse the bench database when it is current
 *   npm run bench:admin -- --fresh      regenerate it
 *   BENCH_ADMIN_RUNS=100 npm run bench:admin
 *
 * The catalogue goes into a database of its own (cuview_bench_admin, beside DATABASE_URL's),
 * built by the same SQL generator as bench:api at a tenth of its size, with processing states
 * and dates spread so every filter has work to do. The real api runs in this process on a
 * random port; each list query is asked RUNS times one after another (after warm-ups) over
 * HTTP with a staff token, and the time to the parsed answer is measured.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { loadConfig } from '@app/config';
import { FilterKind } from '@app/contracts';
import { TestFactories } from '@app/testing';
import { DataSource } from 'typeorm';
import { createApiApp } from '../../apps/api/src/bootstrap.js';
import { SIZES, type CatalogueSizes } from '../api/generate.js';
import { percentile } from '../lib/percentile.js';
import { ensureCatalogue } from '../lib/bench-db.js';

const RUNS = Number(process.env.BENCH_ADMIN_RUNS ?? 50);
const WARMUP = 5;
const GOAL = { p95Ms: 50, bulkMs: 2000 };
const BENCH_DB = 'cuview_bench_admin';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256';

const SCALE: CatalogueSizes = {
  ...SIZES,
  videos: 10_000,
  playlists: 1_000,
  users: 50,
  members: 1_000,
  composers: 500,
  albums: 1_000,
};

const log = (line: string) => console.log(line);

/** A working catalogue: some videos waiting, running or failed; changes spread over a year. */
async function spreadStates(client: pg.Client): Promise<void> {
  await client.query(`
    UPDATE videos SET
      processing_state = CASE WHEN id % 50 = 0 THEN 'failed' WHEN id % 97 = 0 THEN 'queued'
                              WHEN id % 89 = 0 THEN 'processing' ELSE 'ready' END,
      original_key = 'originals/bench/' || id || '.mp4',
      created_at = now() - ((id * 7919 % 525600) || ' minutes')::interval,
      updated_at = now() - ((id * 104729 % 525600) || ' minutes')::interval`);
  await client.query('VACUUM ANALYZE');
}

async function main(): Promise<void> {
  const databaseUrl = await ensureCatalogue({
    name: BENCH_DB,
    sizes: SCALE,
    fresh: process.argv.includes('--fresh'),
    log,
    prepare: spreadStates,
  });
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    REDIS_PREFIX: 'bench_admin',
    JWT_SECRET,
    PORT: '0',
  });
  const app = await createApiApp(config, { logger: false });
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
  const db = app.get(DataSource);
  const factories = new TestFactories(db, JWT_SECRET);
  const token = factories.token(await factories.user({ isStaff: true }), 3600);
  const headers = { authorization: `JWT ${token}`, 'content-type': 'application/json' };

  const [{ id: playlist }] = await db.query(
    `SELECT p.id FROM playlists p JOIN playlist_videos pv ON pv.playlist_id = p.id WHERE p.user_id IS NULL
     GROUP BY p.id ORDER BY count(*) DESC LIMIT 1`,
  );
  const [{ id: theme }] = await db.query('SELECT id FROM groups ORDER BY id LIMIT 1');
  const tagFilter = encodeURIComponent(`7!${FilterKind.Tag}|3!${FilterKind.Genre}`);
  const videoCases: [string, string][] = [
    ['default (newest first)', ''],
    ['sort title', 'sort=title'],
    ['sort title, page 50', 'sort=title&page=50'],
    ['sort duration desc', 'sort=duration&order=desc'],
    ['sort updated', 'sort=updated'],
    ['sort access', 'sort=access'],
    ['sort processing state', 'sort=state'],
    ['100 per page', 'sort=title&page_size=100'],
    ['access off', 'access=off&sort=title'],
    ['state failed', 'state=failed&sort=updated'],
    ['state queued,processing', 'state=queued,processing'],
    ['added in a month', 'from=2026-03-01&to=2026-03-31&sort=duration'],
    ['in a playlist', `playlist=${playlist}&sort=title`],
    ['in a theme', `theme=${theme}&sort=title`],
    ['tag and genre', `filter=${tagFilter}&sort=title`],
    ['title search', 'q=love&sort=title'],
    ['everything at once', `access=on&state=ready&filter=${tagFilter}&from=2025-06-01&sort=duration&page_size=50`],
  ];
  // The other lists: [name, path, query, the answer's count field].
  const cases: [string, string, string, string][] = [
    ...videoCases.map(([name, query]): [string, string, string, string] => [name, 'videos', query, 'videoLength']),
    ['playlists: default', 'playlists', '', 'playlistLength'],
    ['playlists: sort title, page 20', 'playlists', 'sort=title&page=20', 'playlistLength'],
    ['playlists: sort duration', 'playlists', 'sort=duration&order=desc', 'playlistLength'],
    ['playlists: in a theme', 'playlists', `theme=${theme}&sort=title`, 'playlistLength'],
    ['playlists: title search', 'playlists', 'q=love&sort=title', 'playlistLength'],
    ['themes: sort title', 'themes', 'sort=title', 'groupLength'],
    ['categories: default', 'categories', '', 'categoryLength'],
    ['banners: default', 'banners', '', 'bannerLength'],
  ];

  const rows: string[][] = [];
  let worst = 0;
  for (const [name, path, query, countField] of cases) {
    const url = `${base}/cuviewTV/admin/${path}/?${query}`;
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const t0 = performance.now();
      const response = await fetch(url, { headers });
      const body = (await response.json()) as Record<string, number>;
      if (!response.ok) throw new Error(`${name}: ${response.status} ${JSON.stringify(body)}`);
      if (i >= WARMUP) times.push(performance.now() - t0);
      count = body[countField]!;
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    worst = Math.max(worst, p95);
    rows.push([name, String(count), percentile(times, 50).toFixed(1), p95.toFixed(1)]);
  }

  const ids: number[] = (await db.query('SELECT id FROM videos WHERE status = 1 ORDER BY id LIMIT 1000')).map(
    (r: { id: number }) => r.id,
  );
  const bulkTimes: number[] = [];
  for (const action of ['access_off', 'access_on', 'access_off', 'access_on', 'access_off', 'access_on']) {
    const t0 = performance.now();
    const response = await fetch(`${base}/cuviewTV/admin/videos/bulk/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ action, ids }),
    });
    const body = (await response.json()) as { changed: number };
    bulkTimes.push(performance.now() - t0);
    if (!response.ok || body.changed !== 1000) throw new Error(`bulk ${action}: ${JSON.stringify(body)}`);
  }
  const bulkMax = Math.max(...bulkTimes);
  await app.close();

  log('');
  log(
    `GET admin/{videos,playlists,themes,categories,banners}/ on ${SCALE.videos.toLocaleString('en')} videos and ` +
      `${SCALE.playlists.toLocaleString('en')} playlists, ${RUNS} runs each (ms)`,
  );
  const widths = [32, 8, 8, 8];
  const line = (cells: string[]) =>
    log(cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' '));
  line(['query', 'matches', 'p50', 'p95']);
  for (const row of rows) line(row);
  log('');
  log(
    `bulk access change of 1,000 videos: median ${[...bulkTimes].sort((a, b) => a - b)[2]!.toFixed(0)} ms, ` +
      `worst ${bulkMax.toFixed(0)} ms (6 runs)`,
  );
  log(
    `goals: list p95 < ${GOAL.p95Ms} ms: ${worst < GOAL.p95Ms ? 'met' : 'NOT met'} (worst ${worst.toFixed(1)} ms); ` +
      `bulk < ${GOAL.bulkMs} ms: ${bulkMax < GOAL.bulkMs ? 'met' : 'NOT met'}`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
