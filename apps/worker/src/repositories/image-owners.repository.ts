import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ImageKind } from '@app/contracts';

/** Where each kind of object keeps the storage key of its uploaded image. */
const IMAGE_COLUMNS: Record<ImageKind, { table: string; column: string }> = {
  [ImageKind.Video]: { table: 'videos', column: 'thumbnail_key' },
  [ImageKind.Playlist]: { table: 'playlists', column: 'thumbnail_key' },
  [ImageKind.Genre]: { table: 'genres', column: 'image_key' },
  [ImageKind.Category]: { table: 'categories', column: 'icon_key' },
  [ImageKind.Member]: { table: 'members', column: 'image_key' },
  [ImageKind.Album]: { table: 'albums', column: 'cover_key' },
  [ImageKind.Banner]: { table: 'banner_videos', column: 'image_key' },
};

export function isImageKind(kind: string): kind is ImageKind {
  return Object.hasOwn(IMAGE_COLUMNS, kind);
}

@Injectable()
export class ImageOwnersRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The original image key of the object; undefined when the object does not exist. */
  async findImageKey(kind: ImageKind, id: number): Promise<string | null | undefined> {
    const { table, column } = IMAGE_COLUMNS[kind];
    // Table and column come from the fixed map above, never from the payload.
    const rows: { key: string | null }[] = await this.dataSource.query(
      `SELECT ${column} AS key FROM ${table} WHERE id = $1`,
      [id],
    );
    return rows.length === 0 ? undefined : rows[0]!.key;
  }
}
