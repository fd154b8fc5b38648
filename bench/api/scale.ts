/**
 * npm run bench:api -- --scale — search and browse as the catalogue grows: 10,000, 100,000 and
 * 1,000,000 videos (playlists, people, albums and tags in proportion, bench/api/generate.ts),
 * each in a database of its own (cuview_bench_scale_<n>, reused while its schema and size
 * match; --fresh rebuilds). Against each, the api runs with its catalogue cache off
 * (CATALOGUE_CACHE_MB=0) and a long-tail mix where every search, suggestion and filter
 * combination is distinct, 32 connections, one endpoint kind at a time. Prints p50/p95/req/s
 * per kind, index sizes and memory, then the curve across sizes against the goals.
 *
 *   BENCH_SCALE_SIZES=10000,100000   other sizes (default 10000,100000,1000000)
 *   BENCH_API_SECONDS=20             longer runs (default 10 s per kind)
 *   --prepare                        only generate (or migrate forward) the catalogues, no load
 *   --explain                        EXPLAIN (ANALYZE, BUFFERS) of typical statements, one at a time
 */
import { readdir, readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { FilterKind } from '@app/contracts';
import { dataSourceOptions } from '@app/db';
import { playlistVideosQuery } from '../../apps/api/src/catalogue/playlist-sql.js';
import { statementName } from '../../apps/api/src/catalogue/read-db.js';
import type { SqlQuery } from '../../apps/api/src/catalogue/video-sql.js';
import { groupByKind } from '../../apps/api/src/common/filter-list.js';
import {
  filterResultsQuery,
  searchResultsQuery,
  searchSuggestionsQuery,
} from '../../apps/api/src/search/search-sql.js';
import { startApi } from '../lib/api-process.js';
import { benchDatabaseUrl, ensureCatalogue } from '../lib/bench-db.js';
import { sendCalls, type HttpCall } from '../lib/load.js';
import { sizesFor, WORDS } from './generate.js';
import { percentile } from '../lib/percentile.js';

const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const CONNECTIONS = 32;
/** Distinct requests made per kind: more than a run can send, so none repeats. */
const DISTINCT = 30_000;
const SIZES = (process.env.BENCH_SCALE_SIZES ?? '10000,100000,1000000').split(',').map(Number);
/** SEARCH_ENGINE=memory benches the api with its in-memory search index, once loaded. */
const ENGINE = process.env.SEARCH_ENGINE ?? 'postgres';

/** p95 goals in ms at 1M; at 100k each is half (the goals). */
const GOALS_1M: Record<Kind, number> = { search: 50, suggestions: 20, filter: 60, playlist: 15 };
type Kind = 'search' | 'suggestions' | 'filter' | 'playlist';
const KINDS: Kind[] = ['search', 'suggestions', 'filter', 'playlist'];

const log = (line: string) => console.log(line);
/** The machine's 1-minute load average: every figure of a shared machine is read beside it. */
const loadAverage = () => loadavg()[0].toFixed(1);

/**
 * A call and the statement the api runs for it (bench texts are already normalised: a-z and
 * spaces), built when asked: 120,000 statement texts held at once would take hundreds of MB.
 */
interface Call extends HttpCall {
  sql: () => SqlQuery;
}
/** Statements of each kind timed one at a time after the load, on one connection. */
const SQL_ALONE = 60;

interface KindResult {
  rps: number;
  p50: number;
  p95: number;
  errors: number;
  requests: number;
  distinct: number;
  /** The same kind's SQL alone, one statement at a time (ms). */
  sqlP50: number;
  sqlP95: number;
}

interface SizeResult {
  videos: number;
  kinds: Record<Kind, KindResult>;
  indexMb: number;
  searchIndexes: { name: string; mb: number }[];
  databaseMb: number;
  apiRssMb: number;
  /** SEARCH_ENGINE=memory: the index's load time (s) and the api's RSS right after it (MB). */
  searchIndex?: { seconds: number; rssMb: number };
  apiPeakMb: number;
  postgresPssMb: number;
  sharedBuffers: string;
}

/** A small deterministic generator, so two runs send the same mix. */
function prng(seed: number) {
  let s = seed;
  const next = () => (s = (s * 16807) % 2147483647);
  return {
    int: (n: number) => next() % n,
    pick: <T>(list: readonly T[]): T => list[next() % list.length],
  };
}

/** Distinct calls of each kind, drawn from the catalogue. */
async function longTailMix(url: string): Promise<Record<Kind, Call[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const ids = async (sql: string) => (await client.query<{ id: number }>(sql)).rows.map((r) => r.id);
  try {
    const r = prng(4242);
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const typo = (w: string) => {
      const at = 1 + r.int(Math.max(1, w.length - 1));
      return w.slice(0, at) + letters[r.int(26)] + w.slice(at + 1);
    };
    const distinct = (make: () => string, n: number) => {
      const set = new Set<string>();
      for (let tries = 0; set.size < n && tries < n * 20; tries++) set.add(make());
      return [...set];
    };
    // Searches: two words, a word and a half-typed one, a word with a typo, three words; some second pages.
    const searchTexts = distinct(() => {
      const kind = r.int(10);
      if (kind < 4) return `${r.pick(WORDS)} ${r.pick(WORDS)}`;
      if (kind < 7) {
        const w = r.pick(WORDS);
        return `${r.pick(WORDS)} ${w.slice(0, 3 + r.int(Math.max(1, w.length - 2)))}`;
      }
      if (kind < 9) return `${typo(r.pick(WORDS))} ${r.pick(WORDS)}`;
      return `${r.pick(WORDS)} ${r.pick(WORDS)} ${r.pick(WORDS)}`;
    }, DISTINCT);
    const search = searchTexts.map((q, i) => ({
      method: 'POST' as const,
      path: `/cuviewTV/get_search_results/${encodeURIComponent(q)}/${i % 10 === 9 ? 2 : 1}/`,
      sql: () => searchResultsQuery(q, i % 10 === 9 ? 2 : 1),
    }));
    // Suggestions: text as it is typed, a letter at a time.
    const suggestionTexts = distinct(() => {
      const w = r.pick(WORDS);
      const typed = w.slice(0, 2 + r.int(Math.max(1, w.length - 1)));
      return r.int(3) === 0 ? typed : `${r.pick(WORDS)} ${typed}`;
    }, DISTINCT);
    const suggestions = suggestionTexts.map((q) => ({
      method: 'POST' as const,
      path: `/cuviewTV/get_search_suggestions/${encodeURIComponent(q)}/`,
      sql: () => searchSuggestionsQuery(q),
    }));

    const genres = await ids('SELECT id FROM genres');
    const moods = await ids('SELECT id FROM moods');
    const tags = await ids('SELECT id FROM tags');
    const activities = await ids('SELECT id FROM activities');
    const videoGenres = await ids('SELECT id FROM video_genres');
    const artists = await ids('SELECT member_id AS id FROM album_track_members GROUP BY 1');
    const composers = await ids('SELECT composer_id AS id FROM album_track_composers GROUP BY 1');
    const shapes: (() => [number, FilterKind][])[] = [
      () => [
        [r.pick(tags), FilterKind.Tag],
        [r.pick(genres), FilterKind.Genre],
      ],
      () => [
        [r.pick(genres), FilterKind.Genre],
        [r.pick(moods), FilterKind.Mood],
        [r.pick(activities), FilterKind.Activity],
      ],
      () => [
        [r.pick(tags), FilterKind.Tag],
        [r.pick(tags), FilterKind.Tag],
        [r.pick(activities), FilterKind.Activity],
      ],
      () => [[r.pick(artists), FilterKind.Artist]],
      () => [
        [r.pick(videoGenres), FilterKind.VideoGenre],
        [r.pick(genres), FilterKind.Genre],
        [r.pick(tags), FilterKind.Tag],
      ],
      () => [
        [r.pick(composers), FilterKind.Composer],
        [r.pick(composers), FilterKind.Composer],
      ],
      () => [
        [r.pick(moods), FilterKind.Mood],
        [r.pick(tags), FilterKind.Tag],
      ],
    ];
    const filterData = distinct(() => {
      const entries = shapes[r.int(shapes.length)]();
      return [...new Set(entries.map(([id, kind]) => `${id}!${kind}`))].sort().join('|');
    }, DISTINCT);
    const filter = filterData.map((data, i) => ({
      method: 'POST' as const,
      path: `/cuviewTV/get_filter_results/${i % 5 === 4 ? 2 : 1}/`,
      body: JSON.stringify({ data }),
      sql: () =>
        filterResultsQuery(
          groupByKind(
            data.split('|').map((entry) => {
              const [id, kind] = entry.split('!').map(Number);
              return { id, kind: kind as FilterKind };
            }),
          ),
          i % 5 === 4 ? 2 : 1,
        ),
    }));
    const playlists = await ids(`SELECT id FROM playlists WHERE status = 1 ORDER BY random() LIMIT ${DISTINCT}`);
    const playlist = playlists.map((id) => ({
      method: 'GET' as const,
      path: `/cuviewTV/get_playlist_videos/${id}/`,
      sql: () => playlistVideosQuery(id),
    }));
    return { search, suggestions, filter, playlist };
  } finally {
    await client.end();
  }
}

/** Sends calls[from...] in order, each once, for `seconds`; answers the measure and where it stopped. */
async function load(url: string, calls: Call[], from: number, seconds: number) {
  const {
    latencies,
    errors,
    seconds: elapsed,
    next,
  } = await sendCalls(url, calls, {
    from,
    seconds,
    connections: CONNECTIONS,
  });
  const sorted = latencies.sort((a, b) => a - b);
  return {
    next,
    result: {
      rps: latencies.length / elapsed,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      errors,
      requests: latencies.length,
      distinct: Math.min(latencies.length, calls.length),
    },
  };
}

/**
 * The statements of `calls` run one at a time on one connection, as the api runs them
 * (prepared, unless planEachTime): what Postgres needs for each, without the queue that 32
 * connections over a pool of 10 build. Answers p50 and p95 in ms.
 */
async function sqlAlone(url: string, calls: Call[]): Promise<{ p50: number; p95: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const times: number[] = [];
  try {
    for (const call of calls) {
      const sql = call.sql();
      const t0 = performance.now();
      await client.query(
        sql.planEachTime ? sql : { name: statementName(sql.text), text: sql.text, values: sql.values },
      );
      times.push(performance.now() - t0);
    }
  } finally {
    await client.end();
  }
  const sorted = times.sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
}

/** Typical statements of each kind, for --explain: common and rare words, typed text, wide and narrow filters. */
function explainCases(genre: number, mood: number, activity: number, tag: number, playlist: number) {
  const filter = (entries: [number, FilterKind][]) =>
    filterResultsQuery(groupByKind(entries.map(([id, kind]) => ({ id, kind }))), 1);
  return [
    ['search "love"', searchResultsQuery('love', 1)],
    ['search "love night"', searchResultsQuery('love night', 1)],
    ['search "midnigt"', searchResultsQuery('midnigt', 1)],
    ['search "zzqx"', searchResultsQuery('zzqx', 1)],
    ['suggestions "lo"', searchSuggestionsQuery('lo')],
    ['suggestions "love"', searchSuggestionsQuery('love')],
    ['suggestions "river mo"', searchSuggestionsQuery('river mo')],
    [
      'filter genre + mood + activity',
      filter([
        [genre, FilterKind.Genre],
        [mood, FilterKind.Mood],
        [activity, FilterKind.Activity],
      ]),
    ],
    [
      'filter tag + genre',
      filter([
        [tag, FilterKind.Tag],
        [genre, FilterKind.Genre],
      ]),
    ],
    ['filter one genre', filter([[genre, FilterKind.Genre]])],
    ['playlist videos', playlistVideosQuery(playlist)],
  ] as const;
}

/** --explain: each typical statement three times; prints the last run's times, buffers and plan. */
async function explainSize(videos: number): Promise<void> {
  const client = new pg.Client({ connectionString: benchDatabaseUrl(`cuview_bench_scale_${videos}`) });
  await client.connect();
  try {
    const first = async (sql: string) => (await client.query<{ id: number }>(sql)).rows[0].id;
    const cases = explainCases(
      await first('SELECT id FROM genres ORDER BY id LIMIT 1'),
      await first('SELECT id FROM moods ORDER BY id LIMIT 1'),
      await first('SELECT id FROM activities ORDER BY id LIMIT 1'),
      await first('SELECT id FROM tags ORDER BY id LIMIT 1'),
      await first('SELECT id FROM playlists WHERE status = 1 ORDER BY id LIMIT 1'),
    );
    for (const [label, sql] of cases) {
      let plan: { Plan: Record<string, unknown>; 'Execution Time': number; 'Planning Time': number }[] = [];
      for (let run = 0; run < 3; run++) {
        const answer = await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql.text}`, sql.values);
        plan = answer.rows[0]['QUERY PLAN'];
      }
      const root = plan[0].Plan;
      log(
        `${videos} ${label}: execution ${plan[0]['Execution Time'].toFixed(1)} ms, planning ${plan[0]['Planning Time'].toFixed(1)} ms, shared hit ${String(root['Shared Hit Blocks'])} read ${String(root['Shared Read Blocks'])}; load ${loadAverage()}`,
      );
      if (process.env.BENCH_EXPLAIN_PLANS) {
        const text = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql.text}`, sql.values);
        log(text.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
      }
    }
  } finally {
    await client.end();
  }
}

async function memoryOf(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** Proportional set size of every postgres process (shared buffers counted once). */
async function postgresPssMb(): Promise<number> {
  let kb = 0;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const comm = (await readFile(`/proc/${entry}/comm`, 'utf8')).trim();
      if (comm !== 'postgres') continue;
      const rollup = await readFile(`/proc/${entry}/smaps_rollup`, 'utf8');
      kb += Number(/Pss:\s+(\d+)/.exec(rollup)?.[1] ?? 0);
    } catch {
      // gone, or not ours to read
    }
  }
  return kb / 1024;
}

async function sizes(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const [{ total, db, buffers }] = (
      await client.query(
        `SELECT (SELECT sum(pg_relation_size(indexrelid)) FROM pg_stat_user_indexes)::float8 / 1048576 AS total,
                pg_database_size(current_database())::float8 / 1048576 AS db,
                current_setting('shared_buffers') AS buffers`,
      )
    ).rows;
    const search = (
      await client.query<{ name: string; mb: number }>(
        `SELECT indexrelname AS name, pg_relation_size(indexrelid)::float8 / 1048576 AS mb
         FROM pg_stat_user_indexes WHERE relname = 'videos' AND indexrelname <> 'PK_videos' ORDER BY 2 DESC`,
      )
    ).rows;
    return { indexMb: total, databaseMb: db, sharedBuffers: buffers, searchIndexes: search };
  } finally {
    await client.end();
  }
}

async function benchSize(videos: number, fresh: boolean): Promise<SizeResult> {
  const url = await ensureCatalogue({ name: `cuview_bench_scale_${videos}`, sizes: sizesFor(videos), fresh, log });
  const mix = await longTailMix(url);
  const api = await startApi(
    url,
    `${videos}`,
    { CATALOGUE_CACHE_MB: '0', SEARCH_ENGINE: ENGINE },
    ENGINE === 'memory' ? /search index loaded: \d+ videos in ([\d.]+) s/ : undefined,
  );
  const kinds = {} as Record<Kind, KindResult>;
  try {
    const searchIndex = api.line
      ? { seconds: Number(api.line[1]), rssMb: (await memoryOf(api.child.pid!)).rss }
      : undefined;
    for (const kind of KINDS) {
      const calls = mix[kind];
      // The warm-up uses the tail of the list, the measure its head: no measured call was sent before.
      const warm = await load(api.url, calls.slice(Math.floor(calls.length / 2)), 0, WARMUP_SECONDS);
      void warm;
      const { result } = await load(api.url, calls.slice(0, Math.floor(calls.length / 2)), 0, SECONDS);
      // Statements no run has sent yet: the end of the list, which neither the warm-up nor the measure reached.
      const alone = await sqlAlone(url, calls.slice(-SQL_ALONE));
      kinds[kind] = { ...result, sqlP50: alone.p50, sqlP95: alone.p95 };
      log(
        `  ${videos} ${kind.padEnd(11)} ${result.rps.toFixed(0).padStart(5)} req/s  p50 ${result.p50.toFixed(1)} ms  p95 ${result.p95.toFixed(1)} ms  ${result.errors} errors; SQL alone p50 ${alone.p50.toFixed(1)} ms p95 ${alone.p95.toFixed(1)} ms; load ${loadAverage()}`,
      );
    }
    const memory = await memoryOf(api.child.pid!);
    return {
      videos,
      kinds,
      ...(await sizes(url)),
      apiRssMb: memory.rss,
      apiPeakMb: memory.peak,
      searchIndex,
      postgresPssMb: await postgresPssMb(),
    };
  } finally {
    api.child.kill('SIGINT');
    await new Promise((resolve) => api.child.once('exit', resolve));
  }
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    '| ' + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ') + ' |';
  return [
    line(header),
    '|' + widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|') + '|',
    ...rows.map(line),
  ].join('\n');
}

export async function runScale(): Promise<void> {
  const fresh = process.argv.includes('--fresh');
  log(
    `scale: ${SIZES.join(', ')} videos; search engine ${ENGINE}; cache off; ${CONNECTIONS} connections; ${SECONDS} s per kind; pool ${(dataSourceOptions('postgres://x/y') as { extra?: { max?: number } }).extra?.max ?? 10}`,
  );
  if (process.argv.includes('--explain')) {
    for (const videos of SIZES) await explainSize(videos);
    return;
  }
  if (process.argv.includes('--prepare')) {
    for (const videos of SIZES) {
      await ensureCatalogue({ name: `cuview_bench_scale_${videos}`, sizes: sizesFor(videos), fresh, log });
    }
    return;
  }
  const results: SizeResult[] = [];
  for (const videos of SIZES) results.push(await benchSize(videos, fresh));

  const goal = (kind: Kind, videos: number) =>
    videos >= 1_000_000 ? GOALS_1M[kind] : videos >= 100_000 ? GOALS_1M[kind] / 2 : undefined;
  const rows: string[][] = [];
  for (const result of results) {
    for (const kind of KINDS) {
      const k = result.kinds[kind];
      const g = goal(kind, result.videos);
      rows.push([
        result.videos.toLocaleString('en'),
        kind,
        k.rps.toFixed(0),
        k.p50.toFixed(1),
        k.p95.toFixed(1),
        `${k.sqlP50.toFixed(1)} / ${k.sqlP95.toFixed(1)}`,
        g === undefined ? '' : `< ${g}`,
        g === undefined ? '' : k.p95 < g && k.errors === 0 ? 'ok' : 'MISS',
        String(k.errors),
        String(k.distinct),
      ]);
    }
  }
  log('\nLong tail, catalogue cache off (every measured request distinct):');
  log(
    table(
      ['videos', 'kind', 'req/s', 'p50 ms', 'p95 ms', 'SQL alone p50 / p95 ms', 'goal p95', '', 'errors', 'distinct'],
      rows,
    ),
  );
  log('\nIndexes and memory:');
  log(
    table(
      [
        'videos',
        'database MB',
        'all indexes MB',
        'videos indexes (MB)',
        'api RSS MB',
        'api peak MB',
        'postgres PSS MB',
        'shared_buffers',
      ],
      results.map((r) => [
        r.videos.toLocaleString('en'),
        r.databaseMb.toFixed(0),
        r.indexMb.toFixed(0),
        r.searchIndexes.map((i) => `${i.name.replace(/^IDX_videos_/, '')} ${i.mb.toFixed(1)}`).join(', '),
        r.apiRssMb.toFixed(0),
        r.apiPeakMb.toFixed(0),
        r.postgresPssMb.toFixed(0),
        r.sharedBuffers,
      ]),
    ),
  );
  log('\nCurve, p95 ms per kind:');
  log(
    table(
      ['kind', ...results.map((r) => r.videos.toLocaleString('en'))],
      KINDS.map((kind) => [kind, ...results.map((r) => r.kinds[kind].p95.toFixed(1))]),
    ),
  );
  log('postgres PSS covers every postgres process on the machine (other databases included).');
  for (const r of results) {
    if (r.searchIndex)
      log(
        `search index (${r.videos.toLocaleString('en')} videos): loaded in ${r.searchIndex.seconds.toFixed(1)} s, api RSS ${r.searchIndex.rssMb.toFixed(0)} MB right after`,
      );
  }
}
