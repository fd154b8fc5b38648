// The real product for browser tests: a fresh database (migrated, small demo catalogue seeded),
// its own storage folder and Redis prefix, and the built api, worker and tracker on free ports.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { APPS, ROOT, apiReady, migrate, productEnv, seedSmallDemo, startApp, waitFor } from '../support/product.mjs';

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
  cpSync(path.join(ROOT, 'web/dist'), path.join(storage, 'web'), { recursive: true });
  const env = {
    ...(await productEnv({
      databaseUrl,
      redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      redisPrefix: `e2e_${randomBytes(4).toString('hex')}`,
      dir: storage,
    })),
    WEB_DIST_DIR: path.join(storage, 'web'),
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
    migrate(env);
    for (const app of APPS) children.push(startApp(app, env, ['ignore', 'ignore', 'inherit']));
    await waitFor(() => apiReady(env), 'browser stack: api', 60, 500);
    log('browser stack: seeding the small demo catalogue');
    seedSmallDemo(env);
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
      'browser stack: demo video transcoding and track fingerprinting',
      600,
      500,
    );
    await db.end();
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl: env.PUBLIC_URL, databaseUrl, env, stop };
}
