import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { VIDEO_FACETS_SQL, VIDEO_PEOPLE_SQL } from '../common/video-sql.js';
import { hiddenVideo, VISIBLE } from '../../catalogue/video-sql.js';
import type { Status } from '@app/contracts';
import { orderBy, type ListOrder } from '../common/list-query.dto.js';
import { ListWhere } from '../common/list-sql.js';
import type { AdminBannerDto, AdminIdTitleDto, BannerSort } from './banners.dto.js';

const BANNER_SORT_COLUMNS: Record<BannerSort, string> = {
  position: 'b.position',
  title: 'lower(b.title)',
  access: 'b.status',
};

const BANNER_JSON = `json_build_object(
  'id', b.id, 'video_id', b.video_id, 'playlist_id', b.playlist_id, 'group_id', b.group_id,
  'banner_title', b.title, 'status', b.status, 'position', b.position, 'revision', b.revision,
  'video_title', v.title, 'genres', ${VIDEO_FACETS_SQL.genres},
  'artists', ${VIDEO_PEOPLE_SQL.artists}, 'composers', ${VIDEO_PEOPLE_SQL.composers},
  'playlist_title', p.title, 'group_title', g.title, 'video_duration', v.duration,
  'has_image', b.image_key IS NOT NULL, 'banner_image', b.image_key IS NOT NULL,
  'video_image', v.thumbnail_key IS NOT NULL,
  'hidden_by', array_remove(ARRAY[CASE WHEN v.status <> ${VISIBLE} THEN 'video' END,
    CASE WHEN v.status = ${VISIBLE} AND ${hiddenVideo()} THEN 'stream' END,
    CASE WHEN p.status <> ${VISIBLE} THEN 'playlist' END, CASE WHEN g.status <> ${VISIBLE} THEN 'theme' END], NULL))`;

const BANNER_FROM = `banner_videos b JOIN videos v ON v.id = b.video_id
  JOIN playlists p ON p.id = b.playlist_id JOIN groups g ON g.id = b.group_id`;

@Injectable()
export class BannersRepository {
  constructor(private readonly dataSource: DataSource) {}

  async list(): Promise<AdminBannerDto[]> {
    const rows: { banner: AdminBannerDto }[] = await this.dataSource.query(
      `SELECT ${BANNER_JSON} AS banner FROM ${BANNER_FROM} ORDER BY b.position`,
    );
    return rows.map((row) => row.banner);
  }

  /** A page of the banners and how many match (banner title, access, the theme or playlist shown in). */
  async page(
    query: { search?: string; status?: Status; groupId?: number; playlistId?: number },
    order: ListOrder<BannerSort>,
    limit: number,
    offset: number,
  ): Promise<{ rows: AdminBannerDto[]; total: number }> {
    const where = new ListWhere().common({ title: 'b.title', status: 'b.status' }, query);
    if (query.groupId !== undefined) where.add(query.groupId, (n) => `b.group_id = ${n}`);
    if (query.playlistId !== undefined) where.add(query.playlistId, (n) => `b.playlist_id = ${n}`);
    const { rows, total } = await where.page<{ banner: AdminBannerDto }>(
      this.dataSource,
      {
        select: `${BANNER_JSON} AS banner`,
        from: BANNER_FROM,
        countFrom: 'banner_videos b',
        order: orderBy(BANNER_SORT_COLUMNS[order.sort], order.direction, 'b.id'),
      },
      limit,
      offset,
    );
    return { rows: rows.map((row) => row.banner), total };
  }

  async find(id: number): Promise<AdminBannerDto | null> {
    const [row] = await this.dataSource.query(`SELECT ${BANNER_JSON} AS banner FROM ${BANNER_FROM} WHERE b.id = $1`, [
      id,
    ]);
    return row?.banner ?? null;
  }

  async videoExists(id: number): Promise<boolean> {
    return (await this.dataSource.query('SELECT 1 FROM videos WHERE id = $1', [id])).length > 0;
  }

  async playlistExists(id: number): Promise<boolean> {
    return (await this.dataSource.query('SELECT 1 FROM playlists WHERE id = $1 AND user_id IS NULL', [id])).length > 0;
  }

  /** Editorial playlists holding the video (wizard step 2). */
  playlistsWithVideo(videoId: number): Promise<AdminIdTitleDto[]> {
    return this.dataSource.query(
      `SELECT p.id, p.title FROM playlist_videos pv JOIN playlists p ON p.id = pv.playlist_id
       WHERE pv.video_id = $1 AND p.user_id IS NULL ORDER BY lower(p.title), p.id`,
      [videoId],
    );
  }

  /** Themes holding the playlist (wizard step 3). */
  groupsWithPlaylist(playlistId: number): Promise<AdminIdTitleDto[]> {
    return this.dataSource.query(
      `SELECT g.id, g.title FROM group_playlists gp JOIN groups g ON g.id = gp.group_id
       WHERE gp.playlist_id = $1 ORDER BY g.position`,
      [playlistId],
    );
  }

  async videoInPlaylist(em: EntityManager, videoId: number, playlistId: number): Promise<boolean> {
    const rows: unknown[] = await em.query(
      `SELECT 1 FROM playlist_videos pv JOIN playlists p ON p.id = pv.playlist_id
       WHERE pv.video_id = $1 AND pv.playlist_id = $2 AND p.user_id IS NULL`,
      [videoId, playlistId],
    );
    return rows.length > 0;
  }

  async playlistInGroup(em: EntityManager, playlistId: number, groupId: number): Promise<boolean> {
    return (
      (await em.query('SELECT 1 FROM group_playlists WHERE playlist_id = $1 AND group_id = $2', [playlistId, groupId]))
        .length > 0
    );
  }

  async insert(
    em: EntityManager,
    banner: { videoId: number; playlistId: number; groupId: number; title: string; status: number; position: number },
  ): Promise<number> {
    const [row] = await em.query(
      `INSERT INTO banner_videos (video_id, playlist_id, group_id, title, status, position)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [banner.videoId, banner.playlistId, banner.groupId, banner.title, banner.status, banner.position],
    );
    return row.id;
  }

  async update(em: EntityManager, id: number, title: string, status: number): Promise<void> {
    await em.query('UPDATE banner_videos SET title = $2, status = $3 WHERE id = $1', [id, title, status]);
  }

  async swapImage(id: number, key: string): Promise<string | null> {
    const [[row]] = await this.dataSource.query(
      `UPDATE banner_videos b SET image_key = $2
         FROM (SELECT id, image_key FROM banner_videos WHERE id = $1 FOR UPDATE) old
        WHERE b.id = old.id RETURNING old.image_key AS previous`,
      [id, key],
    );
    return row?.previous ?? null;
  }

  async delete(em: EntityManager, id: number): Promise<{ imageKey: string | null } | undefined> {
    const [rows] = await em.query('DELETE FROM banner_videos WHERE id = $1 RETURNING image_key', [id]);
    return rows[0] ? { imageKey: rows[0].image_key } : undefined;
  }
}
