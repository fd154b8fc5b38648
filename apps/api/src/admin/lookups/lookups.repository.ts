import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AdminAlbumDto, AdminAlbumTrackDto, AdminIdTitleDto } from './lookups.dto.js';

export type NameTable = 'genres' | 'moods' | 'tags' | 'video_genres';

/**
 * Matching ignores case, accents and punctuation (cuview_norm, DESIGN.md §4); an empty search
 * matches everything. cuview_norm turns LIKE wildcards into spaces, so input cannot inject them.
 */
export const NORM_MATCH = (column: string, param: string) =>
  `cuview_norm(${column}) LIKE '%' || cuview_norm(${param}) || '%'`;

/** Titles that start with the search come first, then the rest, alphabetically. */
export const STARTS_FIRST = (column: string, param: string, id = 'id') =>
  `(cuview_norm(${column}) LIKE cuview_norm(${param}) || '%') DESC, lower(${column}), ${id}`;

const TRACK_JSON = `json_build_object(
  'id', t.id, 'position', t.position, 'title', t.title,
  'genre', COALESCE(g.title, ''),
  'composers', COALESCE((SELECT string_agg(c.title, ', ' ORDER BY c.title) FROM album_track_composers atc
                          JOIN composers c ON c.id = atc.composer_id WHERE atc.album_track_id = t.id), ''),
  'artists', COALESCE((SELECT string_agg(m.title, ', ' ORDER BY m.title) FROM album_track_members atm
                        JOIN members m ON m.id = atm.member_id WHERE atm.album_track_id = t.id), ''),
  'duration', t.duration)`;

@Injectable()
export class LookupsRepository {
  constructor(private readonly dataSource: DataSource) {}

  allNames(table: 'genres' | 'moods'): Promise<AdminIdTitleDto[]> {
    return this.dataSource.query(`SELECT id, title FROM ${table} ORDER BY lower(title), id`);
  }

  searchNames(
    table: 'tags' | 'video_genres',
    query: string,
    limit: number,
    offset: number,
    excludeCategoryId?: number,
  ): Promise<AdminIdTitleDto[]> {
    const exclude =
      excludeCategoryId !== undefined
        ? 'AND NOT EXISTS (SELECT 1 FROM category_tags ct WHERE ct.tag_id = x.id AND ct.category_id = $4)'
        : '';
    const params: unknown[] = [query, limit, offset];
    if (excludeCategoryId !== undefined) params.push(excludeCategoryId);
    return this.dataSource.query(
      `SELECT id, title FROM ${table} x WHERE ${NORM_MATCH('title', '$1')} ${exclude}
       ORDER BY ${STARTS_FIRST('title', '$1')} LIMIT $2 OFFSET $3`,
      params,
    );
  }

  /** The rows that exist among `ids` (used to refuse unknown ids in the video forms). */
  async existingIds(table: NameTable, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows: { id: number }[] = await this.dataSource.query(`SELECT id FROM ${table} WHERE id = ANY($1::int[])`, [
      ids,
    ]);
    return new Set(rows.map((row) => row.id));
  }

  /** Inserts a name; null when one with the same title (ignoring case) exists already. */
  async insertName(table: 'tags' | 'video_genres', title: string): Promise<AdminIdTitleDto | null> {
    const rows: AdminIdTitleDto[] = await this.dataSource.query(
      `INSERT INTO ${table} (title) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id, title`,
      [title],
    );
    return rows[0] ?? null;
  }

  private albumWhere = `(${NORM_MATCH('a.title', '$1')} OR lower(a.catalogue_num) LIKE '%' || lower(replace(replace(replace($1, '\\', '\\\\'), '%', '\\%'), '_', '\\_')) || '%')`;

  searchAlbums(query: string, limit: number, offset: number): Promise<AdminAlbumDto[]> {
    return this.dataSource
      .query(
        `SELECT json_build_object(
            'id', a.id, 'title', a.title, 'catalogue_num', a.catalogue_num,
            'genre', CASE WHEN g.id IS NULL THEN NULL ELSE json_build_object('id', g.id, 'title', g.title) END,
            'number_of_tracks', (SELECT count(*) FROM album_tracks t WHERE t.album_id = a.id),
            'duration', (SELECT COALESCE(sum(t.duration), 0) FROM album_tracks t WHERE t.album_id = a.id)) AS album
         FROM albums a LEFT JOIN genres g ON g.id = a.genre_id
         WHERE ${this.albumWhere}
         ORDER BY lower(a.catalogue_num) = lower($1) DESC, ${STARTS_FIRST('a.title', '$1', 'a.id')}
         LIMIT $2 OFFSET $3`,
        [query, limit, offset],
      )
      .then((rows: { album: AdminAlbumDto }[]) => rows.map((row) => row.album));
  }

  async countAlbums(query: string): Promise<number> {
    const [row] = await this.dataSource.query(`SELECT count(*)::int AS n FROM albums a WHERE ${this.albumWhere}`, [
      query,
    ]);
    return row.n;
  }

  async albumExists(id: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query('SELECT 1 FROM albums WHERE id = $1', [id]);
    return rows.length > 0;
  }

  tracksOfAlbum(albumId: number, limit: number, offset: number): Promise<AdminAlbumTrackDto[]> {
    return this.dataSource
      .query(
        `SELECT ${TRACK_JSON} AS track FROM album_tracks t LEFT JOIN genres g ON g.id = t.genre_id
         WHERE t.album_id = $1 ORDER BY t.position, t.id LIMIT $2 OFFSET $3`,
        [albumId, limit, offset],
      )
      .then((rows: { track: AdminAlbumTrackDto }[]) => rows.map((row) => row.track));
  }

  async countTracks(albumId: number): Promise<number> {
    const [row] = await this.dataSource.query('SELECT count(*)::int AS n FROM album_tracks WHERE album_id = $1', [
      albumId,
    ]);
    return row.n;
  }
}
