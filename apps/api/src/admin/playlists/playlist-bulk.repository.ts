import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Status } from '@app/contracts';
import { AdminPlaylistsRepository, type PlaylistQuery } from './playlists.repository.js';

/** Set-wise SQL for the playlist list's bulk actions: each statement takes the whole id list, in the caller's transaction. */
@Injectable()
export class PlaylistBulkRepository {
  constructor(private readonly playlists: AdminPlaylistsRepository) {}

  /** The editorial playlists a filter matches in id order, row-locked when `lock`; at most `limit` + 1. */
  async matching(em: EntityManager, query: PlaylistQuery, limit: number, lock: boolean): Promise<number[]> {
    const where = this.playlists.where(query);
    const rows: { id: number }[] = await em.query(
      `SELECT p.id FROM playlists p WHERE ${where.sql} ORDER BY p.id LIMIT $${where.params.length + 1}${lock ? ' FOR UPDATE' : ''}`,
      [...where.params, limit + 1],
    );
    return rows.map((row) => row.id);
  }

  /** Of `ids`, the editorial playlists that exist, row-locked in id order (a viewer's own playlist is not found). */
  async lockExisting(em: EntityManager, ids: number[]): Promise<number[]> {
    const rows: { id: number }[] = await em.query(
      'SELECT id FROM playlists WHERE id = ANY($1::int[]) AND user_id IS NULL ORDER BY id FOR UPDATE',
      [ids],
    );
    return rows.map((row) => row.id);
  }

  async setStatus(em: EntityManager, ids: number[], status: Status): Promise<number> {
    const [, count] = await em.query(
      'UPDATE playlists SET status = $2, updated_at = now(), revision = revision + 1 WHERE id = ANY($1::int[]) AND status <> $2',
      [ids, status],
    );
    return count;
  }

  async themeExists(em: EntityManager, groupId: number): Promise<boolean> {
    return (await em.query('SELECT 1 FROM groups WHERE id = $1', [groupId])).length > 0;
  }

  /** Of `ids`, those already in the theme. */
  async inTheme(em: EntityManager, groupId: number, ids: number[]): Promise<Set<number>> {
    const rows: { playlist_id: number }[] = await em.query(
      'SELECT playlist_id FROM group_playlists WHERE group_id = $1 AND playlist_id = ANY($2::int[])',
      [groupId, ids],
    );
    return new Set(rows.map((row) => row.playlist_id));
  }

  /** Appends the playlists to the theme, in the order given, from position `first`. */
  async appendToTheme(em: EntityManager, groupId: number, ids: number[], first: number): Promise<void> {
    await em.query(
      `INSERT INTO group_playlists (group_id, playlist_id, position)
       SELECT $1, p.id, $3 + p.n - 1 FROM unnest($2::int[]) WITH ORDINALITY AS p(id, n)`,
      [groupId, ids, first],
    );
  }

  /** Takes the playlists out of the theme; answers those that were in it. */
  async removeFromTheme(em: EntityManager, groupId: number, ids: number[]): Promise<number[]> {
    const [rows]: [{ playlist_id: number }[]] = await em.query(
      'DELETE FROM group_playlists WHERE group_id = $1 AND playlist_id = ANY($2::int[]) RETURNING playlist_id',
      [groupId, ids],
    );
    return rows.map((row) => row.playlist_id);
  }

  /** Banners that showed these playlists (in this theme, when given) lose their context and go. */
  async deleteBanners(em: EntityManager, ids: number[], groupId?: number): Promise<number> {
    const [, count] = await em.query(
      'DELETE FROM banner_videos WHERE playlist_id = ANY($1::int[]) AND ($2::int IS NULL OR group_id = $2)',
      [ids, groupId ?? null],
    );
    return count;
  }

  /** Themes holding any of the playlists, in id order (the lock order of single deletes). */
  async themesHolding(em: EntityManager, ids: number[]): Promise<number[]> {
    const rows: { group_id: number }[] = await em.query(
      'SELECT DISTINCT group_id FROM group_playlists WHERE playlist_id = ANY($1::int[]) ORDER BY group_id',
      [ids],
    );
    return rows.map((row) => row.group_id);
  }

  async anyBanner(em: EntityManager, ids: number[]): Promise<boolean> {
    return (await em.query('SELECT 1 FROM banner_videos WHERE playlist_id = ANY($1::int[]) LIMIT 1', [ids])).length > 0;
  }

  /** Deletes the editorial playlists; answers their thumbnails' keys. */
  async delete(em: EntityManager, ids: number[]): Promise<{ id: number; thumbnail_key: string | null }[]> {
    const [rows] = await em.query(
      'DELETE FROM playlists WHERE id = ANY($1::int[]) AND user_id IS NULL RETURNING id, thumbnail_key',
      [ids],
    );
    return rows;
  }
}
