import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { DataSource } from 'typeorm';
import type { SqlQuery } from './video-sql.js';

const names = new Map<string, string>();

/**
 * One name per statement text, so each pooled connection prepares a statement once. Remembered:
 * the texts come from a fixed set of builders, and hashing a kilobyte of SQL on every request
 * showed in the save path's profile.
 */
export function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Runs the viewer's read statements as named prepared statements on TypeORM's own pool.
 * They are large (a video answer is one JSON expression with several subqueries), and
 * planning them afresh on every request cost as much as running them; a prepared statement
 * is parsed once per connection and its plan can be cached. Statement texts come from a
 * fixed set of builders, so the number of names stays small. A statement marked `planEachTime`
 * is sent unnamed, so Postgres plans it for its values each time. The pg client comes from TypeORM's
 * public QueryRunner.connect() (its query() has no statement names) and goes back on release().
 */
@Injectable()
export class ReadDb {
  constructor(private readonly db: DataSource) {}

  async rows<T>({ text, values, planEachTime }: SqlQuery): Promise<T[]> {
    const runner = this.db.createQueryRunner('master');
    try {
      const client = (await runner.connect()) as PoolClient;
      const result = await client.query(planEachTime ? { text, values } : { name: statementName(text), text, values });
      return result.rows as T[];
    } finally {
      await runner.release();
    }
  }

  async one<T>(query: SqlQuery): Promise<T | null> {
    const [row] = await this.rows<T>(query);
    return row ?? null;
  }
}
