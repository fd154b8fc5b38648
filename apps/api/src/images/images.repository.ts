import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ImageKind } from '@app/contracts';
import { VISIBLE } from '../catalogue/video-sql.js';

/** Where each kind keeps its stored image key; hidden items have no public image. */
const IMAGE_KEY_SQL: Record<ImageKind, string> = {
  [ImageKind.Video]: `SELECT thumbnail_key AS key FROM videos WHERE id = $1 AND status = ${VISIBLE}`,
  // A playlist without its own thumbnail shows its cover video's.
  [ImageKind.Playlist]: `SELECT COALESCE(p.thumbnail_key, (
      SELECT v.thumbnail_key FROM playlist_videos pv JOIN videos v ON v.id = pv.video_id AND v.status = ${VISIBLE}
      WHERE pv.playlist_id = p.id ORDER BY pv.position LIMIT 1)) AS key
    FROM playlists p WHERE p.id = $1 AND p.status = ${VISIBLE}`,
  [ImageKind.Genre]: 'SELECT image_key AS key FROM genres WHERE id = $1',
  [ImageKind.Category]: `SELECT icon_key AS key FROM categories WHERE id = $1 AND status = ${VISIBLE}`,
  [ImageKind.Member]: 'SELECT image_key AS key FROM members WHERE id = $1',
  [ImageKind.Album]: 'SELECT cover_key AS key FROM albums WHERE id = $1',
};

@Injectable()
export class ImagesRepository {
  constructor(private readonly db: DataSource) {}

  async findImageKey(kind: ImageKind, id: number): Promise<string | null> {
    const [row] = await this.db.query<{ key: string | null }[]>(IMAGE_KEY_SQL[kind], [id]);
    return row?.key ?? null;
  }
}
