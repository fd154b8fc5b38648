import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ImageKind } from '@app/contracts';
import { VISIBLE_BANNERS } from '../catalogue/catalogue.repository.js';
import { viewableVideo, VISIBLE } from '../catalogue/video-sql.js';

/**
 * Where each kind keeps its stored image key; hidden videos, playlists and categories, and banners
 * the main page does not show, have no public image. Genres, members and albums have no access
 * switch (a genre's `is_active` only puts it on the landing page), so their images are always
 * public.
 */
const IMAGE_KEY_SQL: Record<ImageKind, string> = {
  [ImageKind.Video]: `SELECT thumbnail_key AS key FROM videos WHERE id = $1 AND ${viewableVideo('videos')}`,
  // A playlist without its own thumbnail shows its cover video's.
  [ImageKind.Playlist]: `SELECT COALESCE(p.thumbnail_key, (
      SELECT v.thumbnail_key FROM playlist_videos pv JOIN videos v ON v.id = pv.video_id AND ${viewableVideo()}
      WHERE pv.playlist_id = p.id ORDER BY pv.position LIMIT 1)) AS key
    FROM playlists p WHERE p.id = $1 AND p.status = ${VISIBLE}`,
  [ImageKind.Genre]: 'SELECT image_key AS key FROM genres WHERE id = $1',
  [ImageKind.Category]: `SELECT icon_key AS key FROM categories WHERE id = $1 AND status = ${VISIBLE}`,
  [ImageKind.Member]: 'SELECT image_key AS key FROM members WHERE id = $1',
  [ImageKind.Album]: 'SELECT cover_key AS key FROM albums WHERE id = $1',
  // Public only while the main page shows the banner (get_videos_for_banner's rule).
  [ImageKind.Banner]: `SELECT b.image_key AS key FROM ${VISIBLE_BANNERS} WHERE b.id = $1`,
};

/**
 * What staff see, whatever the access: a playlist without its own thumbnail shows its first
 * visible video's, as viewers will, or its first video's while none is visible.
 */
export const STAFF_PLAYLIST_IMAGE_KEY = (p: string) => `COALESCE(${p}.thumbnail_key, (
      SELECT v.thumbnail_key FROM playlist_videos pv JOIN videos v ON v.id = pv.video_id
      WHERE pv.playlist_id = ${p}.id ORDER BY ${viewableVideo()} DESC, pv.position LIMIT 1))`;

const STAFF_IMAGE_KEY_SQL: Record<ImageKind, string> = {
  ...IMAGE_KEY_SQL,
  [ImageKind.Video]: 'SELECT thumbnail_key AS key FROM videos WHERE id = $1',
  [ImageKind.Playlist]: `SELECT ${STAFF_PLAYLIST_IMAGE_KEY('p')} AS key FROM playlists p WHERE p.id = $1`,
  [ImageKind.Category]: 'SELECT icon_key AS key FROM categories WHERE id = $1',
  [ImageKind.Banner]: 'SELECT image_key AS key FROM banner_videos WHERE id = $1',
};

@Injectable()
export class ImagesRepository {
  constructor(private readonly db: DataSource) {}

  /** `staff`: through a signed address, so also the image of an item whose access is off. */
  async findImageKey(kind: ImageKind, id: number, staff = false): Promise<string | null> {
    const sql = (staff ? STAFF_IMAGE_KEY_SQL : IMAGE_KEY_SQL)[kind];
    const [row] = await this.db.query<{ key: string | null }[]>(sql, [id]);
    return row?.key ?? null;
  }
}
