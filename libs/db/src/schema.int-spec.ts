import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { createTestDatabase } from '@app/testing';
import { createDataSource } from './data-source.js';

describe('schema', () => {
  let dataSource: DataSource;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    dataSource = createDataSource(database.url);
    await dataSource.initialize();
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await drop?.();
  });

  it('has migrations that match the entities (a generated migration would be empty)', async () => {
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('normalises search text ignoring case, accents and punctuation', async () => {
    const [row] = await dataSource.query(`SELECT cuview_norm('Beyoncé') AS a, cuview_norm('Spider-Man') AS b`);
    expect(row).toEqual({ a: 'beyonce', b: 'spider man' });
  });

  it('refuses a second account whose e-mail differs only in case', async () => {
    const insert = `INSERT INTO users (email, password_hash, first_name, last_name) VALUES ($1, 'x', 'Ann', 'Lee')`;
    await dataSource.query(insert, ['Ann@Example.com']);
    await expect(dataSource.query(insert, ['ann@example.COM'])).rejects.toThrow(/UQ_users_email_lower/);
  });
});
