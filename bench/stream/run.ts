/**
 * npm run bench:stream — segments to many viewers. N simulated viewers play HLS from
 *   api       the api's own media route (/cuviewTV/media, as `npm start` serves it: access check,
 *             caching headers, the bytes through Node),
 *   checked   the containers' path: the product's nginx configuration (infra/docker/nginx.conf)
 *             at /media/, which asks the api per video (the answer kept 1 s) and serves the
 *             files itself from its cache of the store,
 *   uncached  the same with the api asked for every file (what auth_request without a cache,
 *             or an X-Accel-Redirect from the api, costs),
 *   nginx     plain nginx serving the same files from disk: the anchor.
 *
 *   BENCH_STREAM_VIEWERS=1000     viewers (default 1000)
 *   BENCH_STREAM_SECONDS=60       length of each run, after a ramp-up of 10 s (default 60)
 *   BENCH_STREAM_TARGETS=api,nginx  which of them (all four by default)
 *
 * Each viewer fetches the master playlist of a video, a media playlist and its segments the
 * way a player does: it buffers three segments ahead, then fetches one segment per segment
 * duration (the rendition's real pace), switches up when the measured throughput is well above
 * the next rendition's bitrate and down when it falls below the current one, and counts a
 * stall when a segment arrives after its play-out time (playback then waits for it). The
 * ladder is 360p, 540p and 720p at 0.8, 1.6 and 3.0 Mbit/s, 4-second segments, 60 s per video;
 * segments are filler bytes of the real size (delivery does not look inside them).
 *
 * Reported: segment TTFB p50/p95 (request to response headers), stalls, rendition switches,
 * delivered Gbit/s, the server's CPU (user+sys from /proc, all its processes) as cores per
 * Gbit/s and Gbit/s per core. The load generator runs on the same machine and is not counted.
 */
import { type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { link, mkdir, rm, writeFile, mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDataSource } from '@app/db';
import { hostNginxConfig, runHostNginx, startHostNginx } from '@app/testing';
import { freePort, processCpuSeconds, startApi } from '../lib/api-process.js';
import { freshDatabase } from '../lib/bench-db.js';
import { percentile } from '../lib/percentile.js';

const VIEWERS = Number(process.env.BENCH_STREAM_VIEWERS ?? 1000);
const SECONDS = Number(process.env.BENCH_STREAM_SECONDS ?? 60);
const RAMP_SECONDS = 10;
const TARGETS = (process.env.BENCH_STREAM_TARGETS ?? 'api,checked,uncached,nginx').split(',');
const SEGMENT_SECONDS = 4;
const VIDEO_SECONDS = 60;
const VIDEOS = 20;
const BUFFER_AHEAD = 3;
const LADDER = [
  { name: '360p', width: 640, height: 360, bandwidth: 800_000 },
  { name: '540p', width: 960, height: 540, bandwidth: 1_600_000 },
  { name: '720p', width: 1280, height: 720, bandwidth: 3_000_000 },
];
const GOAL = { ttfbP95Ms: 50, stalls: 0, perCoreShareOfNginx: 0.5 };
const CACHE = resolve('bench/.cache/stream');
const STORAGE = join(CACHE, 'objects');
const BENCH_DB = 'cuview_bench_stream';
const MEDIA_PATH = '/cuviewTV/media';

const log = (line: string) => console.log(line);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The ladder of `VIDEOS` videos under hls/{id}/bench/, one set of files hard-linked into each. */
async function ensureLadders(): Promise<void> {
  const marker = join(STORAGE, `ready-${VIDEOS}`);
  if (existsSync(marker)) return;
  await rm(STORAGE, { recursive: true, force: true });
  const source = join(CACHE, 'source');
  await rm(source, { recursive: true, force: true });
  const segments = VIDEO_SECONDS / SEGMENT_SECONDS;
  const files: string[] = [];
  const master = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of LADDER) {
    master.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},RESOLUTION=${r.width}x${r.height},CODECS="avc1.64001f,mp4a.40.2"`,
      `${r.name}/index.m3u8`,
    );
    await mkdir(join(source, r.name), { recursive: true });
    const media = [
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      `#EXT-X-TARGETDURATION:${SEGMENT_SECONDS}`,
      '#EXT-X-PLAYLIST-TYPE:VOD',
      '#EXT-X-MEDIA-SEQUENCE:0',
    ];
    const size = (r.bandwidth * SEGMENT_SECONDS) / 8;
    for (let i = 0; i < segments; i++) {
      const name = `seg_${String(i).padStart(3, '0')}.m4s`;
      // Sizes vary ±20% around the bitrate, as encoded segments do.
      const bytes = Math.round(size * (0.8 + (0.4 * ((i * 7919) % 100)) / 100));
      await writeFile(join(source, r.name, name), Buffer.alloc(bytes, i % 251));
      media.push(`#EXTINF:${SEGMENT_SECONDS.toFixed(3)},`, name);
      files.push(`${r.name}/${name}`);
    }
    media.push('#EXT-X-ENDLIST');
    await writeFile(join(source, r.name, 'index.m3u8'), `${media.join('\n')}\n`);
    files.push(`${r.name}/index.m3u8`);
  }
  await writeFile(join(source, 'master.m3u8'), `${master.join('\n')}\n`);
  files.push('master.m3u8');
  for (let id = 1; id <= VIDEOS; id++) {
    for (const file of files) {
      const target = join(STORAGE, 'hls', String(id), 'bench', file);
      await mkdir(join(target, '..'), { recursive: true });
      await link(join(source, file), target);
    }
  }
  await writeFile(marker, '');
}

/** A migrated database with the bench's videos, visible, pointing at their ladders. */
async function ensureDatabase(): Promise<string> {
  const url = await freshDatabase(BENCH_DB);
  const dataSource = createDataSource(url);
  await dataSource.initialize();
  await dataSource.query(
    `INSERT INTO videos (id, title, status, duration, hls_master_key, processing_state)
     SELECT i, 'Stream bench ' || i, 1, ${VIDEO_SECONDS}, 'hls/' || i || '/bench/master.m3u8', 'ready'
     FROM generate_series(1, ${VIDEOS}) i`,
  );
  await dataSource.destroy();
  return url;
}

interface Server {
  /** Where the stored keys are: `{media}/hls/{id}/…`. */
  media: string;
  pids: () => number[];
  stop: () => Promise<void>;
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGINT'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await Promise.race([exited, sleep(10_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

async function startProductApi(databaseUrl: string): Promise<Server> {
  const api = await startApi(databaseUrl, 'stream', { STORAGE_DIR: STORAGE });
  return { media: `${api.url}${MEDIA_PATH}`, pids: () => [api.child.pid!], stop: () => stopChild(api.child) };
}

/** The product's nginx configuration in front of the api, the store played by nginx itself. */
async function startCheckedPath(databaseUrl: string, accessCache: boolean): Promise<Server> {
  const api = await startApi(databaseUrl, 'stream', { STORAGE_DIR: STORAGE });
  try {
    const nginx = await startHostNginx({ apiUrl: api.url, storageDir: STORAGE, accessCache });
    return {
      media: `${nginx.base}/media`,
      pids: () => [api.child.pid!, ...nginx.pids()],
      stop: async () => {
        await nginx.stop();
        await stopChild(api.child);
      },
    };
  } catch (error) {
    await stopChild(api.child);
    throw error;
  }
}

/** Debian's nginx on a free port with a temporary configuration: the same files, sendfile, keep-alive. */
async function startNginx(): Promise<Server> {
  const dir = await mkdtemp(join(tmpdir(), 'cuview-stream-nginx-'));
  const port = await freePort();
  const config = hostNginxConfig(
    dir,
    `
  types { application/vnd.apple.mpegurl m3u8; video/iso.segment m4s; }
  server {
    listen 127.0.0.1:${port};
    location ${MEDIA_PATH}/ {
      alias ${STORAGE}/;
      etag on;
      add_header Cache-Control "public, max-age=31536000, immutable";
    }
  }`,
  );
  const base = `http://127.0.0.1:${port}`;
  const nginx = await runHostNginx(dir, config, base);
  return { media: `${base}${MEDIA_PATH}`, pids: nginx.pids, stop: nginx.stop };
}

interface Stats {
  ttfb: number[];
  segments: number;
  bytes: number;
  stalls: number;
  stallSeconds: number;
  switches: number;
  errors: number;
  renditionSegments: number[];
}

/** One GET on a keep-alive agent: answers the TTFB (ms), the body's size and the total time. */
function get(
  agent: http.Agent,
  url: string,
): Promise<{ status: number; ttfb: number; bytes: number; ms: number; body?: string }> {
  return new Promise((resolveGet, reject) => {
    const t0 = performance.now();
    const request = http.get(url, { agent }, (response) => {
      const ttfb = performance.now() - t0;
      let bytes = 0;
      const text = url.endsWith('.m3u8');
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (text) chunks.push(chunk);
      });
      response.on('end', () =>
        resolveGet({
          status: response.statusCode ?? 0,
          ttfb,
          bytes,
          ms: performance.now() - t0,
          body: text ? Buffer.concat(chunks).toString('utf8') : undefined,
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.setTimeout(30_000, () => request.destroy(new Error('timeout')));
  });
}

/** One viewer playing videos one after another while `playing.on`. */
async function viewer(index: number, media: string, playing: { on: boolean }, stats: Stats): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let rendition = 0;
  let video = 1 + (index % VIDEOS);
  try {
    while (playing.on) {
      const root = `${media}/hls/${video}/bench`;
      const master = await get(agent, `${root}/master.m3u8`);
      if (master.status !== 200) throw new Error(`master ${master.status}`);
      const uris = master.body!.split('\n').filter((l) => l.endsWith('.m3u8'));
      const playlists = new Map<number, string[]>();
      const segmentsOf = async (r: number) => {
        if (!playlists.has(r)) {
          const media = await get(agent, `${root}/${uris[r]}`);
          if (media.status !== 200) throw new Error(`playlist ${media.status}`);
          playlists.set(
            r,
            media.body!.split('\n').filter((l) => l.endsWith('.m4s')),
          );
        }
        return playlists.get(r)!;
      };
      const count = (await segmentsOf(rendition)).length;
      // Playback starts when the first segment is in; segment i plays at start + i * duration.
      let start = 0;
      for (let i = 0; i < count && playing.on; i++) {
        if (i >= BUFFER_AHEAD) {
          // Keep BUFFER_AHEAD segments ahead of the play head: fetch at the rendition's pace.
          const due = start + (i - BUFFER_AHEAD) * SEGMENT_SECONDS * 1000;
          const wait = due - performance.now();
          if (wait > 0) await sleep(wait);
        }
        const name = (await segmentsOf(rendition))[i];
        const answer = await get(agent, `${root}/${uris[rendition].replace(/index\.m3u8$/, '')}${name}`);
        if (answer.status !== 200) {
          stats.errors++;
          continue;
        }
        stats.ttfb.push(answer.ttfb);
        stats.segments++;
        stats.bytes += answer.bytes;
        stats.renditionSegments[rendition]++;
        const arrived = performance.now();
        if (i === 0) start = arrived;
        else {
          const playsAt = start + i * SEGMENT_SECONDS * 1000;
          if (arrived > playsAt) {
            stats.stalls++;
            stats.stallSeconds += (arrived - playsAt) / 1000;
            start += arrived - playsAt; // playback waited for it
          }
        }
        // A player's rule: up when the throughput is 1.5 times the next rendition, down below the current one.
        const bitsPerSecond = (answer.bytes * 8) / Math.max(0.001, answer.ms / 1000);
        if (rendition + 1 < LADDER.length && bitsPerSecond > 1.5 * LADDER[rendition + 1].bandwidth) {
          rendition++;
          stats.switches++;
        } else if (rendition > 0 && bitsPerSecond < LADDER[rendition].bandwidth) {
          rendition--;
          stats.switches++;
        }
      }
      video = 1 + (video % VIDEOS);
    }
  } catch {
    stats.errors++;
  } finally {
    agent.destroy();
  }
}

async function run(name: string, server: Server) {
  const stats: Stats = {
    ttfb: [],
    segments: 0,
    bytes: 0,
    stalls: 0,
    stallSeconds: 0,
    switches: 0,
    errors: 0,
    renditionSegments: LADDER.map(() => 0),
  };
  // Viewers play until the measure is over (a flag, not a time: on a busy machine timers fire late).
  const playing = { on: true };
  const viewers: Promise<void>[] = [];
  // Viewers arrive over the ramp-up; the measure starts when all are playing.
  for (let i = 0; i < VIEWERS; i++) {
    viewers.push(sleep((i / VIEWERS) * RAMP_SECONDS * 1000).then(() => viewer(i, server.media, playing, stats)));
  }
  const progress = process.env.BENCH_STREAM_DEBUG
    ? setInterval(
        () => log(`    ${stats.segments} segments, ${stats.errors} errors, ${(stats.bytes / 1e6).toFixed(0)} MB`),
        2000,
      )
    : undefined;
  await sleep(RAMP_SECONDS * 1000);
  const cpu0 = await cpuOf(server);
  const bytes0 = stats.bytes;
  const ttfbFrom = stats.ttfb.length;
  const segments0 = stats.segments;
  const stalls0 = stats.stalls;
  const m0 = performance.now();
  await sleep(SECONDS * 1000);
  const cpu = (await cpuOf(server)) - cpu0;
  const elapsed = (performance.now() - m0) / 1000;
  const bytes = stats.bytes - bytes0;
  const ttfb = stats.ttfb.slice(ttfbFrom).sort((a, b) => a - b);
  const segments = stats.segments - segments0;
  const stalls = stats.stalls - stalls0;
  playing.on = false;
  await Promise.all(viewers);
  clearInterval(progress);
  const gbps = (bytes * 8) / elapsed / 1e9;
  const cores = cpu / elapsed;
  const result = {
    name,
    segments,
    gbps,
    ttfbP50: percentile(ttfb, 50),
    ttfbP95: percentile(ttfb, 95),
    stalls,
    stallsAll: stats.stalls,
    stallSeconds: stats.stallSeconds,
    switches: stats.switches,
    errors: stats.errors,
    cores,
    coresPerGbps: cores / gbps,
    gbpsPerCore: gbps / cores,
    // The machine's 1-minute load average at the end of the measure, beside every figure.
    load: loadavg()[0]!.toFixed(1),
    mix: stats.renditionSegments.map(
      (n) =>
        n /
        Math.max(
          1,
          stats.renditionSegments.reduce((a, b) => a + b, 0),
        ),
    ),
  };
  log(
    `  ${name}: ${result.segments} segments, ${gbps.toFixed(3)} Gbit/s, TTFB p50 ${result.ttfbP50.toFixed(1)} ms p95 ${result.ttfbP95.toFixed(1)} ms, ${result.stalls} stalls, ${cores.toFixed(2)} cores`,
  );
  return result;
}

async function cpuOf(server: Server): Promise<number> {
  let total = 0;
  for (const pid of server.pids()) total += await processCpuSeconds(pid).catch(() => 0);
  return total;
}

async function main(): Promise<void> {
  log(
    `stream: ${VIEWERS} viewers, ${SECONDS} s after a ${RAMP_SECONDS} s ramp-up, ladder ${LADDER.map((r) => r.name).join('/')}`,
  );
  await ensureLadders();
  const results = [];
  const databaseUrl = TARGETS.some((t) => t !== 'nginx') ? await ensureDatabase() : '';
  const targets: Record<string, { name: string; start: () => Promise<Server> }> = {
    api: { name: 'api (/cuviewTV/media)', start: () => startProductApi(databaseUrl) },
    checked: { name: 'nginx + api check, kept 1 s (/media)', start: () => startCheckedPath(databaseUrl, true) },
    uncached: { name: 'nginx + api check per file', start: () => startCheckedPath(databaseUrl, false) },
    nginx: { name: 'nginx (same files)', start: startNginx },
  };
  for (const target of TARGETS) {
    const { name, start } = targets[target] ?? {};
    if (!start) throw new Error(`BENCH_STREAM_TARGETS: unknown target ${target} (api, checked, uncached, nginx)`);
    const server = await start();
    try {
      results.push(await run(name!, server));
    } finally {
      await server.stop();
    }
  }
  const header = [
    'server',
    'segments',
    'Gbit/s',
    'TTFB p50 ms',
    'TTFB p95 ms',
    'stalls',
    'switches',
    'errors',
    'cores',
    'cores per Gbit/s',
    'Gbit/s per core',
    '360/540/720p',
    'load avg',
  ];
  const rows = results.map((r) => [
    r.name,
    String(r.segments),
    r.gbps.toFixed(3),
    r.ttfbP50.toFixed(1),
    r.ttfbP95.toFixed(1),
    String(r.stalls),
    String(r.switches),
    String(r.errors),
    r.cores.toFixed(2),
    r.coresPerGbps.toFixed(2),
    r.gbpsPerCore.toFixed(2),
    r.mix.map((m) => `${Math.round(m * 100)}%`).join('/'),
    r.load,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    '| ' + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ') + ' |';
  log(`\n${VIEWERS} viewers, ${SECONDS} s measured (stalls and TTFB over the measured window):`);
  log(line(header));
  log('|' + widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|') + '|');
  for (const row of rows) log(line(row));
  // Every product path against the goals; the per-core share against plain nginx on the same files.
  const anchor = results.find((r) => r.name === targets.nginx!.name);
  for (const r of results.filter((x) => x !== anchor)) {
    const share = anchor ? r.gbpsPerCore / anchor.gbpsPerCore : undefined;
    log(
      `${r.name}: ${r.stalls === GOAL.stalls ? 'ok  ' : 'MISS'} stalls ${r.stalls} (goal ${GOAL.stalls}); ` +
        `${r.ttfbP95 < GOAL.ttfbP95Ms ? 'ok  ' : 'MISS'} TTFB p95 ${r.ttfbP95.toFixed(1)} ms (goal < ${GOAL.ttfbP95Ms})` +
        (share === undefined
          ? ''
          : `; ${share >= GOAL.perCoreShareOfNginx ? 'ok  ' : 'MISS'} throughput per core ${(share * 100).toFixed(0)}% of nginx's (goal >= ${GOAL.perCoreShareOfNginx * 100}%)`),
    );
  }
}

await main();
