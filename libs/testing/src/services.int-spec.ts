import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { ensureTemplate, serviceUrls } from './services.js';

describe('the migrated template database', () => {
  const { databaseUrl } = serviceUrls();
  const name = `cuview_tmpl_race_${randomBytes(4).toString('hex')}`;
  const databases = async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1 ORDER BY datname',
      [`${name}%`],
    );
    await admin.end();
    return rows.map((row) => row.datname);
  };

  afterAll(async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    for (const database of await databases()) await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  });

  it('is built once when test runs start together (the demo step beside the integration step), none failing', async () => {
    await Promise.all([1, 2, 3].map(() => ensureTemplate(databaseUrl, name)));
    expect(await databases()).toEqual([name]);
  });
});
