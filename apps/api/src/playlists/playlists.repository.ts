import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { videoJson, viewableVideo, VISIBLE, type VideoJson } from '../catalogue/video-sql.js';

export interface OwnedPlaylist {
  id: number;
  title: string;
  user_id: number;
}

/**
 * Writes to personal playlists. Every write runs in a transaction that first locks the
 * playlist row (lockOwned), so concurrent writes to one playlist queue up and positions stay
 * 1..n. Position shifts run with the DEFERRABLE unique (playlist, position) constraint
 * deferred to commit, because rows pass through each other's positions mid-statement.
 */
@Injectable()
export class PlaylistsRepository {
  constructor(private readonly db: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** The playlist, locked for this transaction, when `userId` owns it (and staff have not hidden it). */
  async lockOwned(manager: EntityManager, playlistId: number, userId: number): Promise<OwnedPlaylist | null> {
    const [row] = await manager.query(
      `SELECT id, title, user_id FROM playlists WHERE id = $1 AND user_id = $2 AND status = ${VISIBLE} FOR UPDATE`,
      [playlistId, userId],
    );
    return row ?? null;
  }

  /**
   * How many visible playlists `userId` keeps, counted under a lock on that user's playlist
   * list held until the transaction ends, so concurrent creations count one after another.
   */
  async lockAndCountOwned(manager: EntityManager, userId: number): Promise<number> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`personal-playlists:${userId}`]);
    const [row] = await manager.query(
      `SELECT count(*)::int AS count FROM playlists WHERE user_id = $1 AND status = ${VISIBLE}`,
      [userId],
    );
    return row.count;
  }

  /**
   * A new personal playlist at the end of its owner's list, or first when `first` (spec viewer
   * §4: a plain new playlist is appended, a full one goes first). Two creations at the same
   * moment may share a place; the list then orders them newest first. Playlists written
   * without a place (the demo seed, test factories) count as place 0.
   */
  async createPersonal(manager: EntityManager, userId: number, title: string, first: boolean): Promise<number> {
    const place = first
      ? 'COALESCE(min(COALESCE(owner_position, 0)), 1) - 1'
      : 'COALESCE(max(COALESCE(owner_position, 0)), 0) + 1';
    const [row] = await manager.query(
      `INSERT INTO playlists (title, user_id, status, owner_position)
       SELECT $1, $2, ${VISIBLE}, ${place} FROM playlists WHERE user_id = $2
       RETURNING id`,
      [title, userId],
    );
    return row.id;
  }

  /** The ids among `videoIds` that are visible videos. */
  async findVisibleVideoIds(manager: EntityManager, videoIds: number[]): Promise<Set<number>> {
    const rows: { id: number }[] = await manager.query(
      `SELECT id FROM videos WHERE id = ANY($1::int[]) AND ${viewableVideo('videos')}`,
      [videoIds],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** Appends the videos not already in the playlist after its last position; answers them in order. */
  async appendVideos(manager: EntityManager, playlistId: number, videoIds: number[]): Promise<VideoJson[]> {
    const rows: { video: VideoJson }[] = await manager.query(
      `WITH wanted AS (
         SELECT x.id, x.ord FROM unnest($2::int[]) WITH ORDINALITY AS x(id, ord)
         WHERE NOT EXISTS (SELECT 1 FROM playlist_videos pv WHERE pv.playlist_id = $1 AND pv.video_id = x.id)),
       base AS (SELECT COALESCE(max(position), 0) AS last FROM playlist_videos WHERE playlist_id = $1),
       added AS (
         INSERT INTO playlist_videos (playlist_id, video_id, position)
         SELECT $1, w.id, base.last + row_number() OVER (ORDER BY w.ord) FROM wanted w CROSS JOIN base
         RETURNING video_id, position)
       SELECT ${videoJson(`'position', a.position`)} AS video
       FROM added a JOIN videos v ON v.id = a.video_id
       ORDER BY a.position`,
      [playlistId, videoIds],
    );
    return rows.map((row) => row.video);
  }

  /** Takes a video out and closes the gap; false when it was not in the playlist. */
  async removeVideo(manager: EntityManager, playlistId: number, videoId: number): Promise<boolean> {
    // TypeORM answers a DELETE as [rows, rowCount].
    const [[removed]]: [{ position: number }[], number] = await manager.query(
      'DELETE FROM playlist_videos WHERE playlist_id = $1 AND video_id = $2 RETURNING position',
      [playlistId, videoId],
    );
    if (!removed) return false;
    await this.deferPositions(manager);
    await manager.query('UPDATE playlist_videos SET position = position - 1 WHERE playlist_id = $1 AND position > $2', [
      playlistId,
      removed.position,
    ]);
    return true;
  }

  async countEntries(manager: EntityManager, playlistId: number): Promise<number> {
    const [row] = await manager.query('SELECT count(*)::int AS n FROM playlist_videos WHERE playlist_id = $1', [
      playlistId,
    ]);
    return row.n;
  }

  /**
   * Move semantics (DESIGN.md §2.7): the entry at `from` takes position `to` and the entries
   * between shift by one towards `from`. Positions are first renumbered 1..n in case an
   * earlier writer left a gap; normally that updates nothing.
   */
  async moveEntry(manager: EntityManager, playlistId: number, from: number, to: number): Promise<void> {
    await this.deferPositions(manager);
    await manager.query(
      `UPDATE playlist_videos pv SET position = r.n
       FROM (SELECT id, row_number() OVER (ORDER BY position, id) AS n FROM playlist_videos WHERE playlist_id = $1) r
       WHERE pv.id = r.id AND pv.position <> r.n`,
      [playlistId],
    );
    await manager.query(
      `UPDATE playlist_videos SET position = CASE
         WHEN position = $2 THEN $3
         WHEN $2 < $3 THEN position - 1
         ELSE position + 1 END
       WHERE playlist_id = $1 AND position BETWEEN LEAST($2::int, $3::int) AND GREATEST($2::int, $3::int)`,
      [playlistId, from, to],
    );
  }

  async rename(manager: EntityManager, playlistId: number, title: string): Promise<void> {
    await manager.query('UPDATE playlists SET title = $2, updated_at = now() WHERE id = $1', [playlistId, title]);
  }

  async touch(manager: EntityManager, playlistId: number): Promise<void> {
    await manager.query('UPDATE playlists SET updated_at = now() WHERE id = $1', [playlistId]);
  }

  async deletePlaylist(manager: EntityManager, playlistId: number): Promise<void> {
    await manager.query('DELETE FROM playlists WHERE id = $1', [playlistId]);
  }

  /** Ids of the user's playlists that hold the video. */
  async findOwnedIdsHoldingVideo(userId: number, videoId: number): Promise<number[]> {
    const rows: { id: number }[] = await this.db.query(
      `SELECT p.id FROM playlists p JOIN playlist_videos pv ON pv.playlist_id = p.id
       WHERE p.user_id = $1 AND pv.video_id = $2 AND p.status = ${VISIBLE}
       ORDER BY COALESCE(p.owner_position, 0), p.id DESC`,
      [userId, videoId],
    );
    return rows.map((row) => row.id);
  }

  async existsVisibleVideo(videoId: number): Promise<boolean> {
    const rows = await this.db.query(`SELECT 1 FROM videos WHERE id = $1 AND ${viewableVideo('videos')}`, [videoId]);
    return rows.length > 0;
  }

  private async deferPositions(manager: EntityManager): Promise<void> {
    await manager.query('SET CONSTRAINTS "UQ_playlist_videos_position" DEFERRED');
  }
}
