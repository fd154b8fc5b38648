import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  groupPlaylistsQuery,
  latestPlaylistsQuery,
  playlistSummaryQuery,
  playlistVideosQuery,
  userPlaylistsQuery,
  type PlaylistDetailRow,
  type PlaylistSummaryRow,
} from './playlist-sql.js';
import { ReadDb } from './read-db.js';
import type { SqlQuery } from './video-sql.js';

/** Playlists as viewers see them (visible videos only). */
@Injectable()
export class PlaylistReadRepository {
  constructor(
    private readonly db: DataSource,
    private readonly read: ReadDb,
  ) {}

  async findVisibleWithVideos(playlistId: number, manager?: EntityManager): Promise<PlaylistDetailRow | null> {
    const [row] = await this.run<PlaylistDetailRow>(playlistVideosQuery(playlistId), manager);
    return row ?? null;
  }

  async findVisibleSummary(playlistId: number, manager?: EntityManager): Promise<PlaylistSummaryRow | null> {
    const [row] = await this.run<PlaylistSummaryRow>(playlistSummaryQuery(playlistId), manager);
    return row ?? null;
  }

  findGroupPlaylists(groupId: number): Promise<PlaylistSummaryRow[]> {
    return this.run(groupPlaylistsQuery(groupId));
  }

  findLatestEditorial(limit: number): Promise<PlaylistSummaryRow[]> {
    return this.run(latestPlaylistsQuery(limit));
  }

  findOwnedBy(userId: number): Promise<PlaylistSummaryRow[]> {
    return this.run(userPlaylistsQuery(userId));
  }

  /** Inside a transaction on its manager, otherwise as a prepared statement. */
  private run<T>(query: SqlQuery, manager?: EntityManager): Promise<T[]> {
    return manager ? manager.query(query.text, query.values) : this.read.rows<T>(query);
  }
}
