/**
 * The benches' own databases, beside the one DATABASE_URL names: made fresh for each run, or a
 * generated catalogue kept between runs (generating 1M videos takes minutes).
 */
import pg from 'pg';
import { createDataSource } from '@app/db';
import { generateCatalogue, type CatalogueSizes } from '../api/generate.js';

const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The address of database `name` on the server DATABASE_URL names. */
export function benchDatabaseUrl(name: string): string {
  const parsed = new URL(BASE_URL);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function recreate(name: string, create = true): Promise<void> {
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    if (create) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
}

/** Database `name` dropped, connections and all. */
export async function dropDatabase(name: string): Promise<void> {
  await recreate(name, false);
}

async function migrate(url: string): Promise<string[]> {
  const dataSource = createDataSource(url);
  await dataSource.initialize();
  try {
    return (await dataSource.runMigrations({ transaction: 'each' })).map((m) => m.name);
  } finally {
    await dataSource.destroy();
  }
}

/** Database `name` dropped, created and migrated; answers its address. */
export async function freshDatabase(name: string): Promise<string> {
  await recreate(name);
  const url = benchDatabaseUrl(name);
  await migrate(url);
  return url;
}

/** Whether database `name` holds a finished catalogue of `videos` videos. */
async function holdsCatalogue(name: string, videos: number): Promise<boolean> {
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount;
  await admin.end();
  if (!exists) return false;
  const client = new pg.Client({ connectionString: benchDatabaseUrl(name) });
  await client.connect();
  try {
    const [{ n }] = (await client.query('SELECT count(*)::int AS n FROM videos')).rows;
    const [{ done }] = (
      await client.query("SELECT count(*)::int AS done FROM pg_tables WHERE tablename = 'bench_generated'")
    ).rows;
    return n === videos && done === 1;
  } catch {
    return false; // half-built
  } finally {
    await client.end();
  }
}

/**
 * A generated catalogue of `sizes` in database `name`: reused when it is whole (and migrated
 * forward, which builds any new index over its rows), else (or with `fresh`) generated, then
 * `prepare` run on it. Answers its address.
 */
export async function ensureCatalogue({
  name,
  sizes,
  fresh,
  log,
  prepare,
}: {
  name: string;
  sizes: CatalogueSizes;
  fresh: boolean;
  log: (line: string) => void;
  prepare?: (client: pg.Client) => Promise<void>;
}): Promise<string> {
  const url = benchDatabaseUrl(name);
  const generate = fresh || !(await holdsCatalogue(name, sizes.videos));
  if (generate) await recreate(name);
  const t0 = Date.now();
  const ran = await migrate(url);
  if (!generate) {
    if (ran.length) log(`catalogue ${name}: migrated forward (${ran.join(', ')})`);
    log(`catalogue ${name}: reusing it (${sizes.videos} videos; --fresh to rebuild)`);
    return url;
  }
  log(`catalogue ${name}: generating ${sizes.videos} videos`);
  await generateCatalogue(url, log, sizes);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await prepare?.(client);
    await client.query('CREATE TABLE bench_generated (at timestamptz DEFAULT now())');
  } finally {
    await client.end();
  }
  log(`catalogue ${name}: ready in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return url;
}
