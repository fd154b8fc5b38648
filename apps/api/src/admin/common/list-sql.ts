import type { DataSource } from 'typeorm';
import type { Status } from '@app/contracts';
import { NORM_MATCH } from '../lookups/lookups.repository.js';

/** A WHERE clause built from a staff list's filter, its values as numbered parameters. */
export class ListWhere {
  readonly params: unknown[] = [];
  private readonly clauses: string[];

  constructor(...base: string[]) {
    this.clauses = [...base];
  }

  /** Adds `clause($n)` with `value` as the next parameter. */
  add(value: unknown, clause: (param: string) => string): this {
    this.params.push(value);
    this.clauses.push(clause(`$${this.params.length}`));
    return this;
  }

  /** The shared filter of every staff list: title text, access, and the days added (when it has dates). */
  common(
    columns: { title: string; status: string; created?: string },
    filter: { search?: string; status?: Status; from?: string; to?: string },
  ): this {
    if (filter.search) this.add(filter.search, (n) => NORM_MATCH(columns.title, n));
    if (filter.status !== undefined) this.add(filter.status, (n) => `${columns.status} = ${n}::smallint`);
    if (columns.created && filter.from) this.add(filter.from, (n) => `${columns.created} >= ${n}::date`);
    if (columns.created && filter.to) this.add(filter.to, (n) => `${columns.created} < ${n}::date + 1`);
    return this;
  }

  get sql(): string {
    return this.clauses.length ? this.clauses.join(' AND ') : 'TRUE';
  }

  /**
   * A page of `SELECT {select} FROM {from} WHERE … ORDER BY {order}` and how many match over
   * every page (counted over `countFrom`, the table alone when the page joins others).
   */
  async page<T>(
    dataSource: DataSource,
    query: { select: string; from: string; countFrom?: string; order: string },
    limit: number,
    offset: number,
  ): Promise<{ rows: T[]; total: number }> {
    const n = this.params.length;
    const [rows, [count]]: [T[], { n: number }[]] = await Promise.all([
      dataSource.query(
        `SELECT ${query.select} FROM ${query.from} WHERE ${this.sql} ORDER BY ${query.order} LIMIT $${n + 1} OFFSET $${n + 2}`,
        [...this.params, limit, offset],
      ),
      dataSource.query(
        `SELECT count(*)::int AS n FROM ${query.countFrom ?? query.from} WHERE ${this.sql}`,
        this.params,
      ),
    ]);
    return { rows, total: count?.n ?? 0 };
  }
}
