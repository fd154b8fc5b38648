// The real product for browser tests: a fresh database (migrated, small demo catalogue seeded),
// its own storage folder and Redis prefix, and the built api, worker and tracker on free ports.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../..');

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(check, what, seconds) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`browser stack: ${what} not ready within ${seconds} s`);
}

export async function startStack({ log = console.log } = {}) {
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `cuview_e2e_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const databaseUrl = Object.assign(new URL(base), { pathname: `/${name}` }).toString();
  const storage = mkdtempSync(path.join(tmpdir(), 'cuview-e2e-'));
  // The api serves its own copy of the web build: a rebuild in the shared checkout while the
  // journeys run would otherwise swap the assets under the index.html it has cached.
  cpSync(path.join(root, 'web/dist'), path.join(storage, 'web'), { recursive: true });
  const [port, trackerPort, workerPort] = [await freePort(), await freePort(), await freePort()];
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `e2e_${randomBytes(4).toString('hex')}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    PORT: String(port),
    TRACKER_PORT: String(trackerPort),
    WORKER_PORT: String(workerPort),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    TRACKER_URL: `http://127.0.0.1:${trackerPort}`,
    STORAGE_DIR: path.join(storage, 'objects'),
    UPLOAD_TMP_DIR: path.join(storage, 'uploads'),
    MAIL_OUTBOX_DIR: path.join(storage, 'outbox'),
    WEB_DIST_DIR: path.join(storage, 'web'),
    DEMO_MEDIA_DIR: path.join(root, '.data/demo-media'),
    LOG_LEVEL: 'warn',
  };
  const children = [];
  const stop = async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
    rmSync(storage, { recursive: true, force: true });
  };

  try {
    log('browser stack: migrating');
    const migrate = spawnSync(process.execPath, ['dist/libs/db/src/cli/migrate.js'], {
      cwd: root,
      env,
      stdio: 'ignore',
    });
    if (migrate.status !== 0) throw new Error('browser stack: migration failed');
    for (const app of ['api', 'worker', 'tracker']) {
      const child = spawn(process.execPath, ['--enable-source-maps', `dist/apps/${app}/src/main.js`], {
        cwd: root,
        env,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
    }
    await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok, 'api', 60);
    log('browser stack: seeding the small demo catalogue');
    const seed = spawnSync(process.execPath, ['dist/libs/catalogue-seed/src/cli/seed.js', '--small'], {
      cwd: root,
      env,
      stdio: 'inherit',
    });
    if (seed.status !== 0) throw new Error('browser stack: seeding failed');
    // Analysis needs both: the transcoded (watermarked) videos and the fingerprinted album tracks.
    log('browser stack: waiting for the worker to transcode the demo videos and fingerprint their tracks');
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await waitFor(
      async () => {
        const { rows } = await db.query(
          `SELECT (SELECT count(*)::int FROM videos WHERE processing_state IN ('queued', 'processing', 'uploaded'))
                + (SELECT count(*)::int FROM album_tracks WHERE fingerprinted_at IS NULL) AS pending`,
        );
        return rows[0].pending === 0;
      },
      'demo video transcoding and track fingerprinting',
      600,
    );
    await db.end();
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl: `http://127.0.0.1:${port}`, databaseUrl, env, stop };
}
