import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDataSource, dataSourceOptions } from '@app/db';

/**
 * Integration tests run against real Postgres and Redis: the ones named by DATABASE_URL and
 * REDIS_URL when set, otherwise containers started by Testcontainers (global-setup.ts).
 */
export function serviceUrls(): { databaseUrl: string; redisUrl: string } {
  const databaseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
  if (!databaseUrl || !redisUrl) {
    throw new Error('No test services: set DATABASE_URL and REDIS_URL, or run jest with its global setup');
  }
  return { databaseUrl, redisUrl };
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** The template's name changes whenever the migration list does, so a stale one is never used. */
export function templateName(): string {
  const migrations = (dataSourceOptions('postgres://x/y').migrations as Function[]).map((m) => m.name).join(',');
  return `cuview_tmpl_${createHash('sha1').update(migrations).digest('hex').slice(0, 10)}`;
}

export async function ensureTemplate(baseUrl: string, name = templateName()): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    // `npm test` starts two Jest runs at once (the demo step beside the integration step): on a
    // new machine both found no template, built one and the second rename failed. One builds
    // while the other waits for the lock (released with the connection), then finds it built.
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount) return;
    const building = `${name}_build_${process.pid}`;
    await admin.query(`DROP DATABASE IF EXISTS ${building}`);
    await admin.query(`CREATE DATABASE ${building}`);
    const dataSource = createDataSource(withDatabase(baseUrl, building));
    await dataSource.initialize();
    await dataSource.runMigrations({ transaction: 'each' });
    await dataSource.destroy();
    // Renamed only when complete, so a crash mid-migration never leaves a broken template.
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
  } finally {
    await admin.end();
  }
}

/** A fresh migrated database cloned from the template, for one test file. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const { databaseUrl } = serviceUrls();
  const name = `cuview_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateName()}`);
  await admin.end();
  return {
    url: withDatabase(databaseUrl, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A Redis key prefix of its own, so BullMQ queues of parallel test files never meet. */
export function uniqueRedisPrefix(): string {
  return `test_${randomBytes(5).toString('hex')}`;
}
