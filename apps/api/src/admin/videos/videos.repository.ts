import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { FilterKind, ProcessingState, type Status } from '@app/contracts';
import type { AdminIdTitleDto } from '../common/answers.dto.js';
import { orderBy } from '../common/list-query.dto.js';
import { VIDEO_FACETS_SQL, VIDEO_SUMMARY_JSON } from '../common/video-sql.js';
import type { AdminVideoSummaryDto } from '../common/video-summary.dto.js';
import { NORM_MATCH, STARTS_FIRST } from '../lookups/lookups.repository.js';
import type { TrackInput, VideoFields } from './video-form.js';
import type { VideoSort } from './video-list.dto.js';
import type { AdminVideoTrackDto } from './videos.dto.js';

/** A filtered view of the videos: a title search, access, processing states, days added, membership, facets. */
export interface VideoQuery {
  search?: string;
  statusOff?: boolean;
  status?: Status;
  states?: ProcessingState[];
  /** Days (YYYY-MM-DD), both included. */
  from?: string;
  to?: string;
  playlistId?: number;
  themeId?: number;
  filters?: Map<FilterKind, number[]>;
}

/** The order of a list page; without one, best title match for a search, newest first otherwise. */
export interface VideoOrder {
  sort: VideoSort;
  direction: 'asc' | 'desc';
}

/** Each sort column is served by its (column, id) index (migration AdminListSortIndexes). */
const SORT_COLUMNS: Record<VideoSort, string> = {
  title: 'v.title_norm',
  duration: 'v.duration',
  created: 'v.created_at',
  updated: 'v.updated_at',
  access: 'v.status',
  state: 'v.processing_state',
};

/** How a filter kind finds its videos (DESIGN.md §2.6); `$n` is the id list. */
const FILTER_SQL: Record<FilterKind, (n: string) => string> = {
  [FilterKind.Tag]: (n) => `EXISTS (SELECT 1 FROM video_tags x WHERE x.video_id = v.id AND x.tag_id = ANY(${n}))`,
  [FilterKind.Composer]: (
    n,
  ) => `EXISTS (SELECT 1 FROM video_tracks vt JOIN album_track_composers x ON x.album_track_id = vt.album_track_id
                                 WHERE vt.video_id = v.id AND x.composer_id = ANY(${n}))`,
  [FilterKind.Genre]: (n) =>
    `EXISTS (SELECT 1 FROM video_genre_links x WHERE x.video_id = v.id AND x.genre_id = ANY(${n}))`,
  [FilterKind.Mood]: (n) => `EXISTS (SELECT 1 FROM video_moods x WHERE x.video_id = v.id AND x.mood_id = ANY(${n}))`,
  [FilterKind.Activity]: (n) =>
    `EXISTS (SELECT 1 FROM video_activities x WHERE x.video_id = v.id AND x.activity_id = ANY(${n}))`,
  [FilterKind.Artist]: (
    n,
  ) => `EXISTS (SELECT 1 FROM video_tracks vt JOIN album_track_members x ON x.album_track_id = vt.album_track_id
                               WHERE vt.video_id = v.id AND x.member_id = ANY(${n}))`,
  [FilterKind.VideoGenre]: (n) =>
    `EXISTS (SELECT 1 FROM video_videogenres x WHERE x.video_id = v.id AND x.video_genre_id = ANY(${n}))`,
};

const LINK_TABLES = {
  genres: { table: 'video_genre_links', column: 'genre_id', lookup: 'genres' },
  moods: { table: 'video_moods', column: 'mood_id', lookup: 'moods' },
  videoGenres: { table: 'video_videogenres', column: 'video_genre_id', lookup: 'video_genres' },
  tags: { table: 'video_tags', column: 'tag_id', lookup: 'tags' },
} as const;

export type LinkName = keyof typeof LINK_TABLES;

export interface VideoRow {
  id: number;
  title: string;
  description: string;
  yt_link: string;
  status: number;
  duration: number;
  original_key: string | null;
  hls_master_key: string | null;
  thumbnail_key: string | null;
  processing_state: ProcessingState;
  processing_progress: number;
  processing_error: string | null;
  watermark_warning: string | null;
  revision: number;
}

@Injectable()
export class VideosRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The WHERE clause (over `videos v`) and its parameters for a query; bulk actions resolve filters with it. */
  where(query: VideoQuery): { sql: string; params: unknown[] } {
    const clauses: string[] = [];
    const params: unknown[] = [];
    if (query.search) {
      params.push(query.search);
      clauses.push(NORM_MATCH('v.title', `$${params.length}`));
    }
    if (query.statusOff) clauses.push('v.status = 0');
    const add = (value: unknown, clause: (n: string) => string) => {
      params.push(value);
      clauses.push(clause(`$${params.length}`));
    };
    if (query.status !== undefined) add(query.status, (n) => `v.status = ${n}::smallint`);
    if (query.states?.length) add(query.states, (n) => `v.processing_state = ANY(${n}::varchar[])`);
    if (query.from) add(query.from, (n) => `v.created_at >= ${n}::date`);
    if (query.to) add(query.to, (n) => `v.created_at < ${n}::date + 1`);
    if (query.playlistId !== undefined) {
      add(
        query.playlistId,
        (n) => `EXISTS (SELECT 1 FROM playlist_videos pv WHERE pv.playlist_id = ${n} AND pv.video_id = v.id)`,
      );
    }
    if (query.themeId !== undefined) {
      add(
        query.themeId,
        (n) => `EXISTS (SELECT 1 FROM group_playlists gp JOIN playlist_videos pv ON pv.playlist_id = gp.playlist_id
                        WHERE gp.group_id = ${n} AND pv.video_id = v.id)`,
      );
    }
    for (const [kind, ids] of query.filters ?? []) {
      params.push(ids);
      clauses.push(FILTER_SQL[kind](`$${params.length}::int[]`));
    }
    return { sql: clauses.length ? clauses.join(' AND ') : 'TRUE', params };
  }

  async list(query: VideoQuery, limit: number, offset: number, sort?: VideoOrder): Promise<AdminVideoSummaryDto[]> {
    const where = this.where(query);
    const n = where.params.length;
    const order = sort
      ? orderBy(SORT_COLUMNS[sort.sort], sort.direction, 'v.id')
      : query.search
        ? STARTS_FIRST('v.title', '$1', 'v.id')
        : 'v.id DESC';
    // The page's ids first, then their summaries: Postgres would otherwise build the summary
    // (a dozen subqueries) of every row an OFFSET skips.
    const rows: { video: AdminVideoSummaryDto }[] = await this.dataSource.query(
      `SELECT ${VIDEO_SUMMARY_JSON} AS video
       FROM (SELECT v.id FROM videos v WHERE ${where.sql} ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}) page
       JOIN videos v ON v.id = page.id ORDER BY ${order}`,
      [...where.params, limit, offset],
    );
    return rows.map((row) => row.video);
  }

  async count(query: VideoQuery): Promise<number> {
    const where = this.where(query);
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM videos v WHERE ${where.sql}`,
      where.params,
    );
    return row.n;
  }

  suggestions(query: string, limit: number): Promise<AdminIdTitleDto[]> {
    return this.dataSource.query(
      `SELECT v.id, v.title FROM videos v WHERE ${NORM_MATCH('v.title', '$1')} ORDER BY ${STARTS_FIRST('v.title', '$1', 'v.id')} LIMIT $2`,
      [query, limit],
    );
  }

  async find(id: number, em: EntityManager = this.dataSource.manager): Promise<VideoRow | null> {
    const [row] = await em.query(
      `SELECT id, title, description, yt_link, status, duration, original_key, hls_master_key, thumbnail_key,
              processing_state, processing_progress, processing_error, watermark_warning, revision
       FROM videos WHERE id = $1`,
      [id],
    );
    return row ?? null;
  }

  async facets(id: number): Promise<{
    genres: AdminIdTitleDto[];
    moods: AdminIdTitleDto[];
    videogenres: AdminIdTitleDto[];
    tags: AdminIdTitleDto[];
  }> {
    const [row] = await this.dataSource.query(
      `SELECT ${VIDEO_FACETS_SQL.genres} AS genres, ${VIDEO_FACETS_SQL.moods} AS moods,
              ${VIDEO_FACETS_SQL.videogenres} AS videogenres, ${VIDEO_FACETS_SQL.tags} AS tags
       FROM videos v WHERE v.id = $1`,
      [id],
    );
    return row;
  }

  tracks(id: number): Promise<AdminVideoTrackDto[]> {
    return this.dataSource.query(
      `SELECT vt.id, vt.album_track_id AS track_id, t.album_id, vt.position, vt.start_time, vt.end_time,
              t.title AS track_title, a.title AS album_title, a.catalogue_num, COALESCE(g.title, '') AS genre,
              COALESCE((SELECT string_agg(m.title, ', ' ORDER BY m.title) FROM album_track_members x
                        JOIN members m ON m.id = x.member_id WHERE x.album_track_id = t.id), '') AS artists,
              COALESCE((SELECT string_agg(c.title, ', ' ORDER BY c.title) FROM album_track_composers x
                        JOIN composers c ON c.id = x.composer_id WHERE x.album_track_id = t.id), '') AS composers
       FROM video_tracks vt JOIN album_tracks t ON t.id = vt.album_track_id JOIN albums a ON a.id = t.album_id
       LEFT JOIN genres g ON g.id = t.genre_id
       WHERE vt.video_id = $1 ORDER BY vt.position`,
      [id],
    );
  }

  async playlistIds(id: number, em: EntityManager = this.dataSource.manager): Promise<number[]> {
    const rows: { playlist_id: number }[] = await em.query(
      'SELECT playlist_id FROM playlist_videos WHERE video_id = $1 ORDER BY playlist_id',
      [id],
    );
    return rows.map((row) => row.playlist_id);
  }

  async hasBanners(em: EntityManager, id: number): Promise<boolean> {
    return (await em.query('SELECT 1 FROM banner_videos WHERE video_id = $1 LIMIT 1', [id])).length > 0;
  }

  /** The first id of `ids` that has no row in `link`'s lookup table, if any. */
  async firstMissing(link: LinkName, ids: number[]): Promise<number | undefined> {
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM ${LINK_TABLES[link].lookup} WHERE id = ANY($1::int[])`,
      [ids],
    );
    const found = new Set(rows.map((row) => row.id));
    return ids.find((id) => !found.has(id));
  }

  /** album track id → album id, for the tracks that exist. */
  async trackAlbums(trackIds: number[]): Promise<Map<number, number>> {
    const rows: { id: number; album_id: number }[] = await this.dataSource.query(
      'SELECT id, album_id FROM album_tracks WHERE id = ANY($1::int[])',
      [trackIds],
    );
    return new Map(rows.map((row) => [row.id, row.album_id]));
  }

  /** Serialises the use of one upload, so two forms cannot both claim it. */
  async lockUpload(em: EntityManager, key: string): Promise<void> {
    await em.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`upload:${key}`]);
  }

  async uploadInUse(em: EntityManager, key: string): Promise<boolean> {
    return (await em.query('SELECT 1 FROM videos WHERE original_key = $1', [key])).length > 0;
  }

  async insert(
    em: EntityManager,
    video: VideoFields & { duration: number; originalKey: string; thumbnailKey: string | null; id?: number },
  ): Promise<number> {
    // The id reserved for the upload (its transcode already writes under it), else the next one.
    const [row] = await em.query(
      `INSERT INTO videos (id, title, description, yt_link, status, duration, original_key, thumbnail_key, processing_state, processing_progress)
       VALUES (COALESCE($9::int, nextval(pg_get_serial_sequence('videos', 'id'))::int), $1, $2, $3, $4, $5, $6, $7, $8, 0)
       RETURNING id`,
      [
        video.title,
        video.description,
        video.ytLink,
        video.status,
        video.duration,
        video.originalKey,
        video.thumbnailKey,
        ProcessingState.Queued,
        video.id ?? null,
      ],
    );
    return row.id;
  }

  async update(em: EntityManager, id: number, video: VideoFields): Promise<void> {
    await em.query(
      'UPDATE videos SET title = $2, description = $3, yt_link = $4, status = $5, updated_at = now() WHERE id = $1',
      [id, video.title, video.description, video.ytLink, video.status],
    );
  }

  /** Replaces the video's genres, moods, video genres and tags. */
  async setLinks(em: EntityManager, id: number, video: Pick<VideoFields, LinkName>): Promise<void> {
    for (const name of Object.keys(LINK_TABLES) as LinkName[]) {
      const { table, column } = LINK_TABLES[name];
      await em.query(`DELETE FROM ${table} WHERE video_id = $1`, [id]);
      await em.query(`INSERT INTO ${table} (video_id, ${column}) SELECT $1, unnest($2::int[])`, [id, video[name]]);
    }
  }

  async insertTracks(em: EntityManager, id: number, tracks: TrackInput[]): Promise<void> {
    for (const track of tracks) {
      await em.query(
        'INSERT INTO video_tracks (video_id, album_track_id, position, start_time, end_time) VALUES ($1, $2, $3, $4, $5)',
        [id, track.trackId, track.position, track.startTime, track.endTime],
      );
    }
  }

  async swapThumbnail(id: number, key: string): Promise<string | null> {
    const [[row]] = await this.dataSource.query(
      `UPDATE videos v SET thumbnail_key = $2, updated_at = now()
         FROM (SELECT id, thumbnail_key FROM videos WHERE id = $1 FOR UPDATE) old
        WHERE v.id = old.id RETURNING old.thumbnail_key AS previous`,
      [id, key],
    );
    return row?.previous ?? null;
  }

  async markQueued(id: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE videos SET processing_state = $2, processing_progress = 0, processing_error = NULL, updated_at = now() WHERE id = $1`,
      [id, ProcessingState.Queued],
    );
  }

  async delete(em: EntityManager, id: number): Promise<VideoRow | undefined> {
    const [rows] = await em.query(
      `DELETE FROM videos WHERE id = $1 RETURNING id, original_key, hls_master_key, thumbnail_key`,
      [id],
    );
    return rows[0];
  }
}
