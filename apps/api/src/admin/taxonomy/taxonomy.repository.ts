import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { NORM_MATCH, STARTS_FIRST } from '../lookups/lookups.repository.js';
import type { AdminTaxonomyItemDto, TaxonomyKind } from './taxonomy.dto.js';

interface Link {
  table: string;
  column: string;
  /** The other side of a link table (its primary key with `column`); absent for a plain column. */
  owner?: string;
}

/** Where each kind is used: link tables first (the first one holds its videos), then plain columns. */
const USES: Record<TaxonomyKind, Link[]> = {
  tags: [
    { table: 'video_tags', column: 'tag_id', owner: 'video_id' },
    { table: 'category_tags', column: 'tag_id', owner: 'category_id' },
  ],
  video_genres: [{ table: 'video_videogenres', column: 'video_genre_id', owner: 'video_id' }],
  moods: [
    { table: 'video_moods', column: 'mood_id', owner: 'video_id' },
    { table: 'album_tracks', column: 'mood_id' },
  ],
  genres: [
    { table: 'video_genre_links', column: 'genre_id', owner: 'video_id' },
    { table: 'albums', column: 'genre_id' },
    { table: 'album_tracks', column: 'genre_id' },
  ],
  activities: [{ table: 'video_activities', column: 'activity_id', owner: 'video_id' }],
};

const count = (link: Link, id: string) => `(SELECT count(*)::int FROM ${link.table} WHERE ${link.column} = ${id})`;

@Injectable()
export class TaxonomyRepository {
  constructor(private readonly dataSource: DataSource) {}

  private usesSql(kind: TaxonomyKind, id: string): { videos: string; others: string } {
    const [videos, ...others] = USES[kind];
    return { videos: count(videos!, id), others: others.length ? others.map((l) => count(l, id)).join(' + ') : '0' };
  }

  async list(kind: TaxonomyKind, query: string, limit: number, offset: number): Promise<AdminTaxonomyItemDto[]> {
    const uses = this.usesSql(kind, 'x.id');
    return this.dataSource.query(
      `SELECT x.id, x.title, ${uses.videos} AS videos, ${uses.others} AS others FROM ${kind} x
       WHERE ($1 = '' OR ${NORM_MATCH('x.title', '$1')})
       ORDER BY ${query ? STARTS_FIRST('x.title', '$1', 'x.id') : 'lower(x.title), x.id'} LIMIT $2 OFFSET $3`,
      [query, limit, offset],
    );
  }

  async item(kind: TaxonomyKind, id: number): Promise<AdminTaxonomyItemDto | null> {
    const uses = this.usesSql(kind, 'x.id');
    const [row] = await this.dataSource.query(
      `SELECT x.id, x.title, ${uses.videos} AS videos, ${uses.others} AS others FROM ${kind} x WHERE x.id = $1`,
      [id],
    );
    return row ?? null;
  }

  async count(kind: TaxonomyKind, query: string): Promise<number> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM ${kind} x WHERE ($1 = '' OR ${NORM_MATCH('x.title', '$1')})`,
      [query],
    );
    return row.n;
  }

  /** Row-locks the names in id order (two merges of the same pair cannot cross); answers those found. */
  async lock(em: EntityManager, kind: TaxonomyKind, ids: number[]): Promise<Map<number, string>> {
    const rows: { id: number; title: string }[] = await em.query(
      `SELECT id, title FROM ${kind} WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE`,
      [ids],
    );
    return new Map(rows.map((row) => [row.id, row.title]));
  }

  /** Renames; false when another name of the kind has this title (ignoring case). */
  async rename(em: EntityManager, kind: TaxonomyKind, id: number, title: string): Promise<boolean> {
    const clash: unknown[] = await em.query(`SELECT 1 FROM ${kind} WHERE lower(title) = lower($1) AND id <> $2`, [
      title,
      id,
    ]);
    if (clash.length) return false;
    await em.query(`UPDATE ${kind} SET title = $2 WHERE id = $1`, [id, title]);
    return true;
  }

  /**
   * Moves every use of `from` to `into`: a link the target already has is dropped rather than
   * doubled; plain columns are repointed. Answers the uses moved.
   */
  async moveUses(em: EntityManager, kind: TaxonomyKind, from: number, into: number): Promise<number> {
    let moved = 0;
    for (const link of USES[kind]) {
      if (link.owner) {
        const [, count] = await em.query(
          `UPDATE ${link.table} l SET ${link.column} = $2 WHERE l.${link.column} = $1
             AND NOT EXISTS (SELECT 1 FROM ${link.table} t WHERE t.${link.owner} = l.${link.owner} AND t.${link.column} = $2)`,
          [from, into],
        );
        moved += count;
        await em.query(`DELETE FROM ${link.table} WHERE ${link.column} = $1`, [from]);
      } else {
        const [, count] = await em.query(`UPDATE ${link.table} SET ${link.column} = $2 WHERE ${link.column} = $1`, [
          from,
          into,
        ]);
        moved += count;
      }
    }
    return moved;
  }

  /** Uses of the name (links and pointing columns), counted under the lock before a delete. */
  async uses(em: EntityManager, kind: TaxonomyKind, id: number): Promise<number> {
    const uses = this.usesSql(kind, '$1');
    const [row] = await em.query(`SELECT ${uses.videos} + ${uses.others} AS n`, [id]);
    return row.n;
  }

  /** Deletes the name: link rows go with it (ON DELETE CASCADE), pointing columns become empty. */
  async delete(em: EntityManager, kind: TaxonomyKind, id: number): Promise<void> {
    await em.query(`DELETE FROM ${kind} WHERE id = $1`, [id]);
  }
}
