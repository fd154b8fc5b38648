import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ProcessingState, type Status } from '@app/contracts';
import type { VideoRow } from './videos.repository.js';
import { VideosRepository, type VideoQuery } from './videos.repository.js';

/** Set-wise SQL for bulk actions: each statement takes the whole id list, inside the caller's transaction. */
@Injectable()
export class VideoBulkRepository {
  constructor(private readonly videos: VideosRepository) {}

  /**
   * The videos a filter matches in id order, row-locked when `lock` (so two bulk actions lock
   * in the same order); at most `limit` + 1 ids, so the caller can tell it matched too many.
   */
  async matching(em: EntityManager, query: VideoQuery, limit: number, lock = false): Promise<number[]> {
    const where = this.videos.where(query);
    const rows: { id: number }[] = await em.query(
      `SELECT v.id FROM videos v WHERE ${where.sql} ORDER BY v.id LIMIT $${where.params.length + 1}${lock ? ' FOR UPDATE' : ''}`,
      [...where.params, limit + 1],
    );
    return rows.map((row) => row.id);
  }

  /** Of `ids`, those that exist, row-locked in id order. */
  async lockExisting(em: EntityManager, ids: number[]): Promise<number[]> {
    const rows: { id: number }[] = await em.query(
      'SELECT id FROM videos WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE',
      [ids],
    );
    return rows.map((row) => row.id);
  }

  async setStatus(em: EntityManager, ids: number[], status: Status): Promise<number> {
    const [, count] = await em.query(
      'UPDATE videos SET status = $2, updated_at = now(), revision = revision + 1 WHERE id = ANY($1::int[]) AND status <> $2',
      [ids, status],
    );
    return count;
  }

  /** Of `ids`, those already in the playlist. */
  async inPlaylist(em: EntityManager, playlistId: number, ids: number[]): Promise<Set<number>> {
    const rows: { video_id: number }[] = await em.query(
      'SELECT video_id FROM playlist_videos WHERE playlist_id = $1 AND video_id = ANY($2::int[])',
      [playlistId, ids],
    );
    return new Set(rows.map((row) => row.video_id));
  }

  /** Appends the videos, in the order given, from position `first`. */
  async appendToPlaylist(em: EntityManager, playlistId: number, ids: number[], first: number): Promise<void> {
    await em.query(
      `INSERT INTO playlist_videos (playlist_id, video_id, position)
       SELECT $1, v.id, $3 + v.n - 1 FROM unnest($2::int[]) WITH ORDINALITY AS v(id, n)`,
      [playlistId, ids, first],
    );
  }

  async editorialPlaylistExists(em: EntityManager, playlistId: number): Promise<boolean> {
    return (await em.query('SELECT 1 FROM playlists WHERE id = $1 AND user_id IS NULL', [playlistId])).length > 0;
  }

  /** Adds every tag to every video (links it has stay); answers the videos that gained one. */
  async addTags(em: EntityManager, ids: number[], tagIds: number[]): Promise<number> {
    const rows: { video_id: number }[] = await em.query(
      `INSERT INTO video_tags (video_id, tag_id) SELECT v, t FROM unnest($1::int[]) v, unnest($2::int[]) t
       ON CONFLICT DO NOTHING RETURNING video_id`,
      [ids, tagIds],
    );
    return this.touch(em, [...new Set(rows.map((row) => row.video_id))]);
  }

  /** Removes the tags from the videos; answers the videos that lost one. */
  async removeTags(em: EntityManager, ids: number[], tagIds: number[]): Promise<number> {
    const [rows]: [{ video_id: number }[]] = await em.query(
      'DELETE FROM video_tags WHERE video_id = ANY($1::int[]) AND tag_id = ANY($2::int[]) RETURNING video_id',
      [ids, tagIds],
    );
    return this.touch(em, [...new Set(rows.map((row) => row.video_id))]);
  }

  private async touch(em: EntityManager, ids: number[]): Promise<number> {
    // The revision too: an Edit Video form opened before holds the old tags (common/revision.ts).
    if (ids.length) {
      await em.query('UPDATE videos SET updated_at = now(), revision = revision + 1 WHERE id = ANY($1::int[])', [ids]);
    }
    return ids.length;
  }

  /** Of `ids`: the failed videos with an upload, now marked queued; the rest with why they were left. */
  async markFailedQueued(em: EntityManager, ids: number[]): Promise<{ queued: number[]; rows: VideoRow[] }> {
    const rows: VideoRow[] = await em.query(
      'SELECT id, processing_state, original_key FROM videos WHERE id = ANY($1::int[]) ORDER BY id',
      [ids],
    );
    const queued = rows
      .filter((row) => row.processing_state === ProcessingState.Failed && row.original_key)
      .map((row) => row.id);
    if (queued.length) {
      await em.query(
        `UPDATE videos SET processing_state = $2, processing_progress = 0, processing_error = NULL, updated_at = now()
         WHERE id = ANY($1::int[])`,
        [queued, ProcessingState.Queued],
      );
    }
    return { queued, rows };
  }

  /** Editorial playlists holding any of the videos, in id order (the lock order of single deletes). */
  async playlistsHolding(em: EntityManager, ids: number[]): Promise<number[]> {
    const rows: { playlist_id: number }[] = await em.query(
      'SELECT DISTINCT playlist_id FROM playlist_videos WHERE video_id = ANY($1::int[]) ORDER BY playlist_id',
      [ids],
    );
    return rows.map((row) => row.playlist_id);
  }

  async anyBanner(em: EntityManager, ids: number[]): Promise<boolean> {
    return (await em.query('SELECT 1 FROM banner_videos WHERE video_id = ANY($1::int[]) LIMIT 1', [ids])).length > 0;
  }

  async delete(em: EntityManager, ids: number[]): Promise<VideoRow[]> {
    const [rows] = await em.query(
      'DELETE FROM videos WHERE id = ANY($1::int[]) RETURNING id, original_key, hls_master_key, thumbnail_key',
      [ids],
    );
    return rows;
  }
}
