// `npm run test:replicas` (issue 18 item 3): more than one of each process. Starts the built
// product twice (two api processes behind a small round-robin proxy) and two worker processes
// on one Postgres database and one Redis prefix of its own, then checks, from outside:
//   1. a staff edit acknowledged by one api is seen at once through the other, whose catalogue
//      cache held the old answer (the NOTIFY path): 0 stale reads;
//   2. jobs are spread over both workers and none runs twice (their own "job started" lines);
//   3. one api killed (SIGKILL) under load through the proxy fails only the requests it had in
//      flight; the others, and every later one, are answered by the other api.
// Exits 1 on any miss. Needs the built server (npm run build:server, done here when missing),
// DATABASE_URL (a server where it may create a database) and REDIS_URL.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import sharp from 'sharp';
import { ROOT, apiReady, freePort, migrate, productEnv, startApp, waitFor } from '../support/product.mjs';

const API = '/cuviewTV';
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const EDITS = 40;
const JOBS = 40;
const LOAD_CONNECTIONS = 16;
const HARD_LIMIT_MS = 5 * 60_000;
const started = Date.now();
const log = (line) => console.log(`[replicas ${((Date.now() - started) / 1000).toFixed(0).padStart(3)}s] ${line}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const owned = new Map(); // name -> ChildProcess
const workerLines = new Map(); // worker name -> parsed JSON log lines
const misses = [];
const check = (ok, what) => {
  log(`${ok ? 'ok  ' : 'MISS'} ${what}`);
  if (!ok) misses.push(what);
};

function start(name, env) {
  const child = startApp(name.replace(/-\w$/, ''), env, ['ignore', 'pipe', 'pipe']);
  owned.set(name, child);
  const lines = [];
  workerLines.set(name, lines);
  let pending = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => {
    const parts = (pending + chunk).split('\n');
    pending = parts.pop() ?? '';
    for (const text of parts) {
      try {
        lines.push(JSON.parse(text));
      } catch {
        // not a log line
      }
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk) => process.stderr.write(`[${name}] ${chunk}`));
  return child;
}

async function stop(child, signal = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await Promise.race([exited, sleep(15_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

// ---------------------------------------------------------------- the proxy
/**
 * Round robin over the apis, as a load balancer would: a request whose connection is refused
 * (nothing was sent) goes to the next api and that api is left out for a while; a request
 * that fails after it was sent is answered 502 and counted against its api.
 */
function startProxy(upstreams) {
  const state = upstreams.map((u) => ({ ...u, inFlight: 0, failed: 0, downUntil: 0 }));
  let next = 0;
  const pickOrder = () => {
    const now = Date.now();
    const order = state.map((_, i) => state[(next + i) % state.length]);
    next = (next + 1) % state.length;
    return [...order.filter((u) => u.downUntil <= now), ...order.filter((u) => u.downUntil > now)];
  };
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = (order) => {
        const upstream = order[0];
        if (!upstream) {
          res.writeHead(502).end();
          return;
        }
        let sent = false;
        const forward = http.request(
          {
            host: '127.0.0.1',
            port: upstream.port,
            method: req.method,
            path: req.url,
            headers: req.headers,
            agent: false,
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
            answer.on('end', () => upstream.inFlight--);
            answer.on('error', () => {
              upstream.inFlight--;
              upstream.failed++;
              res.destroy();
            });
          },
        );
        forward.on('socket', (socket) => socket.on('connect', () => (sent = true)));
        forward.on('error', (error) => {
          if (!sent && error.code === 'ECONNREFUSED') {
            upstream.downUntil = Date.now() + 5000;
            attempt(order.slice(1));
            return;
          }
          upstream.inFlight--;
          upstream.failed++;
          if (!res.headersSent) res.writeHead(502).end();
          else res.destroy();
        });
        forward.on('socket', () => upstream.inFlight++);
        forward.end(body);
      };
      attempt(pickOrder());
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, state, url: `http://127.0.0.1:${server.address().port}` })),
  );
}

// ---------------------------------------------------------------- main
const dbName = `cuview_replicas_${randomBytes(4).toString('hex')}`;
const prefix = `replicas_${randomBytes(4).toString('hex')}`;
const databaseUrl = Object.assign(new URL(BASE_URL), { pathname: `/${dbName}` }).toString();
const dir = await mkdtemp(path.join(tmpdir(), 'cuview-replicas-'));
const admin = new pg.Client({ connectionString: BASE_URL });
let db;
let proxy;
const timer = setTimeout(() => {
  log('hard time limit reached: stopping');
  misses.push('time limit');
  void cleanUp().then(() => process.exit(1));
}, HARD_LIMIT_MS);

async function cleanUp() {
  clearTimeout(timer);
  for (const child of owned.values()) await stop(child);
  proxy?.server.close();
  await db?.end().catch(() => {});
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
  await admin.end().catch(() => {});
  const redis = new Redis(REDIS_URL);
  let cursor = '0';
  do {
    const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = nextCursor;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== '0');
  redis.disconnect();
  await rm(dir, { recursive: true, force: true });
}

try {
  if (!existsSync(path.join(ROOT, 'dist/apps/api/src/main.js'))) {
    log('building the server (dist/)');
    if (spawnSync('npm', ['run', 'build:server'], { cwd: ROOT, stdio: 'inherit' }).status !== 0)
      throw new Error('build failed');
  }
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const base = await productEnv({ databaseUrl, redisUrl: REDIS_URL, redisPrefix: prefix, dir });
  migrate(base);
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();

  // A staff member, a playlist with a visible video, and pictures for the workers to resize.
  const [{ id: staffId }] = (
    await db.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, is_active, is_staff)
       VALUES ('staff@replicas.local', 'x', 'Staff', 'Replicas', true, true) RETURNING id`,
    )
  ).rows;
  const token = jwt.sign(
    { token_type: 'access', user_id: staffId, jti: randomBytes(8).toString('hex') },
    base.JWT_SECRET,
    {
      algorithm: 'HS256',
      expiresIn: 600,
    },
  );
  const [{ id: videoId }] = (
    await db.query(
      `INSERT INTO videos (title, status, duration, processing_state, hls_master_key)
       VALUES ('Replica video', 1, 60, 'ready', 'hls/replica/master.m3u8') RETURNING id`,
    )
  ).rows;
  const [{ id: playlistId }] = (
    await db.query(`INSERT INTO playlists (title, status) VALUES ('Replica playlist 0', 1) RETURNING id`)
  ).rows;
  await db.query('INSERT INTO playlist_videos (playlist_id, video_id, position) VALUES ($1, $2, 1)', [
    playlistId,
    videoId,
  ]);
  const picture = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#369' } })
    .jpeg()
    .toBuffer();
  await mkdir(path.join(base.STORAGE_DIR, 'images/replicas'), { recursive: true });
  const genreIds = [];
  for (let i = 0; i < JOBS; i++) {
    const key = `images/replicas/genre-${i}.jpg`;
    await writeFile(path.join(base.STORAGE_DIR, key), picture);
    const [{ id }] = (
      await db.query('INSERT INTO genres (title, image_key) VALUES ($1, $2) RETURNING id', [`Replica ${i}`, key])
    ).rows;
    genreIds.push(id);
  }

  // Two apis and two workers on the same database and Redis prefix.
  const envs = [base, { ...base, PORT: String(await freePort()) }];
  for (const [i, env] of envs.entries())
    start(`api-${'ab'[i]}`, { ...env, PUBLIC_URL: `http://127.0.0.1:${env.PORT}` });
  for (const name of ['worker-a', 'worker-b']) {
    start(name, { ...base, WORKER_PORT: String(await freePort()), LOG_LEVEL: 'info', WORKER_CONCURRENCY: '2' });
  }
  for (const env of envs) {
    await waitFor(() => apiReady({ PUBLIC_URL: `http://127.0.0.1:${env.PORT}` }), `api on ${env.PORT}`, 90);
  }
  const [apiA, apiB] = envs.map((env) => `http://127.0.0.1:${env.PORT}`);
  log(`two apis (${apiA}, ${apiB}) and two workers up`);

  // 1. Edits through one api, reads through the other (whose cache holds the old answer).
  const titleAt = async (apiUrl) => {
    const response = await fetch(`${apiUrl}${API}/get_playlist_videos/${playlistId}/`);
    return (await response.json()).title;
  };
  let stale = 0;
  let acknowledged = 0;
  for (let i = 1; i <= EDITS; i++) {
    const [writer, reader] = i % 2 ? [apiA, apiB] : [apiB, apiA];
    await titleAt(reader); // cached now
    await titleAt(reader);
    const title = `Replica playlist ${i}`;
    const edit = await fetch(`${writer}${API}/edit_playlist_for_admin/${playlistId}/`, {
      method: 'PUT',
      headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title }),
    });
    if (edit.status !== 200) throw new Error(`edit answered ${edit.status}: ${await edit.text()}`);
    acknowledged++;
    if ((await titleAt(reader)) !== title) stale++;
  }
  check(
    stale === 0,
    `staff edits seen at once through the other api: ${stale} stale reads of ${acknowledged} acknowledged edits`,
  );

  // 2. Jobs over both workers, none twice.
  const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const queue = new Queue('image', { connection, prefix });
  for (const id of genreIds) {
    await queue.add(
      'image.resize',
      { kind: 'genre', id },
      { jobId: `image-genre-${id}`, removeOnComplete: { age: 600 } },
    );
  }
  const finished = async () => {
    const c = await queue.getJobCounts('completed', 'failed');
    return c.completed + c.failed >= JOBS;
  };
  await waitFor(finished, 'image jobs', 120, 500);
  const counts = await queue.getJobCounts('completed', 'failed');
  await queue.close();
  connection.disconnect();
  const startedBy = new Map();
  for (const name of ['worker-a', 'worker-b']) {
    for (const line of workerLines.get(name)) {
      if (line.msg === 'job started' && String(line.jobId).startsWith('image-genre-')) {
        startedBy.set(line.jobId, [...(startedBy.get(line.jobId) ?? []), name]);
      }
    }
  }
  const twice = [...startedBy.values()].filter((names) => names.length > 1).length;
  const perWorker = ['worker-a', 'worker-b'].map(
    (w) => [...startedBy.values()].filter((names) => names.includes(w)).length,
  );
  check(
    counts.completed === JOBS && counts.failed === 0,
    `${counts.completed} of ${JOBS} jobs completed, ${counts.failed} failed`,
  );
  check(twice === 0 && startedBy.size === JOBS, `${startedBy.size} jobs started, ${twice} of them more than once`);
  check(
    perWorker.every((n) => n > 0),
    `jobs per worker: ${perWorker.join(' / ')}`,
  );

  // 3. Load through the proxy; one api killed in the middle.
  proxy = await startProxy([
    { name: 'api-a', port: Number(envs[0].PORT) },
    { name: 'api-b', port: Number(envs[1].PORT) },
  ]);
  let loadOn = true;
  let answered = 0;
  let failed = 0;
  const paths = [`${API}/get_playlist_videos/${playlistId}/`, `${API}/get_video/${videoId}/`, `${API}/get_groups/`];
  const loops = Array.from({ length: LOAD_CONNECTIONS }, async (_, i) => {
    for (let n = i; loadOn; n++) {
      try {
        const response = await fetch(`${proxy.url}${paths[n % paths.length]}`);
        await response.arrayBuffer();
        if (response.status === 200) answered++;
        else failed++;
      } catch {
        failed++;
      }
    }
  });
  await sleep(3000);
  const killed = proxy.state[0];
  const inFlightAtKill = killed.inFlight;
  const answeredBefore = answered;
  owned.get('api-a').kill('SIGKILL');
  await sleep(4000);
  loadOn = false;
  await Promise.all(loops);
  check(
    answered > answeredBefore,
    `requests answered after the kill: ${answered - answeredBefore} (before it: ${answeredBefore})`,
  );
  check(
    failed <= inFlightAtKill && killed.failed === failed,
    `failed requests: ${failed}, all on the killed api, ${inFlightAtKill} were in flight on it when it was killed`,
  );
} catch (error) {
  misses.push(String(error?.stack ?? error));
  log(`error: ${error?.stack ?? error}`);
} finally {
  await cleanUp();
}
log(misses.length ? `${misses.length} misses` : 'all checks passed');
process.exit(misses.length ? 1 : 0);
