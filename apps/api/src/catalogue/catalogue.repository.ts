import { Injectable } from '@nestjs/common';
import { GROUP_HAS_PLAYLIST } from './playlist-sql.js';
import { ReadDb } from './read-db.js';
import { newestVideoPageQuery, VIDEO_JSON, viewableVideo, VISIBLE, type VideoJson } from './video-sql.js';

export interface BannerRow {
  id: number;
  title: string;
  position: number;
  video_id: number;
  playlist_id: number;
  group_id: number;
  image_key: string | null;
  video: VideoJson;
}

/**
 * The banners viewers see (alias b, with its video v, playlist p and group g): on, and their
 * video, playlist and group on too, so every banner link works. Their own pictures are public
 * by the same rule (ImagesRepository).
 */
export const VISIBLE_BANNERS = `(SELECT * FROM banner_videos WHERE status = ${VISIBLE}) b
  JOIN videos v ON v.id = b.video_id AND ${viewableVideo()}
  JOIN playlists p ON p.id = b.playlist_id AND p.status = ${VISIBLE}
  JOIN groups g ON g.id = b.group_id AND g.status = ${VISIBLE}`;

/** A genre or category and its stored picture's key. */
export interface PicturedRow {
  id: number;
  title: string;
  image_key: string | null;
}

/** Catalogue reads for viewers: only visible (status 1) items, everywhere. */
@Injectable()
export class CatalogueRepository {
  constructor(private readonly read: ReadDb) {}

  findVisibleCategories(): Promise<PicturedRow[]> {
    return this.sql(
      `SELECT id, title, icon_key AS image_key FROM categories WHERE status = ${VISIBLE} ORDER BY title, id`,
    );
  }

  async existsVisibleCategory(categoryId: number): Promise<boolean> {
    const rows = await this.sql(`SELECT 1 FROM categories WHERE id = $1 AND status = ${VISIBLE}`, [categoryId]);
    return rows.length > 0;
  }

  /** A category's videos are the visible videos carrying any of its tags, newest first. */
  async findCategoryVideoPage(
    categoryId: number,
    page: number,
    pageSize: number,
  ): Promise<{ total: number; videos: VideoJson[] }> {
    const { text, values } = newestVideoPageQuery(
      `SELECT v.id FROM videos v
       WHERE ${viewableVideo()} AND v.id IN (
         SELECT vt.video_id FROM category_tags ct JOIN video_tags vt ON vt.tag_id = ct.tag_id
         WHERE ct.category_id = $1)`,
      [categoryId],
      page,
      pageSize,
      true,
    );
    return (await this.read.one<{ total: number; videos: VideoJson[] }>({ text, values }))!;
  }

  findVisibleGroups(): Promise<{ id: number; title: string; position: number }[]> {
    return this.sql(`SELECT g.id, g.title, g.position FROM groups g
      WHERE g.status = ${VISIBLE} AND ${GROUP_HAS_PLAYLIST} ORDER BY g.position, g.id`);
  }

  async findVisibleGroup(groupId: number): Promise<{ id: number; title: string; position: number } | null> {
    const [row] = await this.sql<{ id: number; title: string; position: number }>(
      `SELECT id, title, position FROM groups WHERE id = $1 AND status = ${VISIBLE}`,
      [groupId],
    );
    return row ?? null;
  }

  /** The main page's banners, in their order. */
  findVisibleBanners(): Promise<BannerRow[]> {
    return this.sql(`
      SELECT b.id, b.title, b.position, b.video_id, b.playlist_id, b.group_id, b.image_key, ${VIDEO_JSON} AS video
      FROM ${VISIBLE_BANNERS}
      ORDER BY b.position, b.id`);
  }

  findActiveGenres(): Promise<PicturedRow[]> {
    return this.sql('SELECT id, title, image_key FROM genres WHERE is_active ORDER BY title, id');
  }

  async findVisibleVideo(videoId: number): Promise<VideoJson | null> {
    const [row] = await this.sql<{ video: VideoJson }>(
      `SELECT ${VIDEO_JSON} AS video FROM videos v WHERE v.id = $1 AND ${viewableVideo()}`,
      [videoId],
    );
    return row?.video ?? null;
  }

  private sql<T>(text: string, values: unknown[] = []): Promise<T[]> {
    return this.read.rows<T>({ text, values });
  }
}
