// Starting the built product for tools that test it from outside: the browser and hostile
// stack (test/browser/stack.mjs) and the fault drill (bench/drill/run.mjs). Free loopback
// ports, the environment of api, worker and tracker, migration, the processes, the demo seed.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const APPS = ['api', 'worker', 'tracker'];

/** A loopback port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Polls `check` until it answers true (a throw counts as false); fails after `seconds`. */
export async function waitFor(check, what, seconds, everyMs = 300) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`${what} not ready within ${seconds} s`);
}

/**
 * The environment of api, worker and tracker on free loopback ports, keeping their files
 * (objects, spooled uploads, mail) under `dir`. `PUBLIC_URL` is where the api answers.
 */
export async function productEnv({ databaseUrl, redisUrl, redisPrefix, dir, base = process.env }) {
  const [port, trackerPort, workerPort] = [await freePort(), await freePort(), await freePort()];
  return {
    ...base,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    JWT_SECRET: randomBytes(32).toString('hex'),
    PORT: String(port),
    TRACKER_PORT: String(trackerPort),
    WORKER_PORT: String(workerPort),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    TRACKER_URL: `http://127.0.0.1:${trackerPort}`,
    STORAGE_DIR: path.join(dir, 'objects'),
    UPLOAD_TMP_DIR: path.join(dir, 'uploads'),
    MAIL_OUTBOX_DIR: path.join(dir, 'outbox'),
    DEMO_MEDIA_DIR: path.join(ROOT, '.data/demo-media'),
    LOG_LEVEL: 'warn',
  };
}

/** Runs one of the built command-line tools (dist/) to its end; throws when it fails. */
function runTool(script, args, env, stdio, what) {
  if (spawnSync(process.execPath, [script, ...args], { cwd: ROOT, env, stdio }).status !== 0) {
    throw new Error(`${what} failed`);
  }
}

/** Migrates the database `env` names. */
export function migrate(env) {
  runTool('dist/libs/db/src/cli/migrate.js', [], env, 'ignore', 'migration');
}

/** Seeds the small demo catalogue and queues its jobs (a running worker transcodes them). */
export function seedSmallDemo(env, stdio = 'inherit') {
  runTool('dist/libs/catalogue-seed/src/cli/seed.js', ['--small'], env, stdio, 'seeding');
}

/** Starts one built part (`api`, `worker` or `tracker`); the caller stops it by its PID. */
export function startApp(name, env, stdio) {
  return spawn(process.execPath, ['--enable-source-maps', `dist/apps/${name}/src/main.js`], {
    cwd: ROOT,
    env,
    stdio,
  });
}

/** Whether the api of `env` answers its readiness check (Postgres, Redis and storage up). */
export async function apiReady(env) {
  return (await fetch(`${env.PUBLIC_URL}/readyz`)).ok;
}
