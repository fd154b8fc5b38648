import { API_BASE } from './api/client';

export type ImageKind = 'video' | 'playlist' | 'genre' | 'category' | 'member' | 'album' | 'banner';
export type ImageSize = 300 | 600;

export const DEFAULT_COVER = '/default-cover.svg';

/** Image service address (DESIGN §2.14). */
export function imageUrl(kind: ImageKind, id: number | string, size: ImageSize = 300): string {
  return `${API_BASE}image/${kind}/${id}/${size}/`;
}

/** The pictures of an item as api answers hand them out: versioned addresses by size, null for none. */
export type Pictured = { id: number | string; images?: Partial<Record<ImageSize, string>> | null };

/**
 * An item's picture at `size`: the versioned address its answer handed out (browsers and CDNs
 * keep it for a year, and a replaced picture comes with a new one), undefined when the answer
 * says it has none (the default cover shows without a request), else the unversioned address.
 */
export function pictureUrl(kind: ImageKind, item: Pictured, size: ImageSize = 300): string | undefined {
  if (item.images === null) return undefined;
  return item.images?.[size] ?? imageUrl(kind, item.id, size);
}

/**
 * A playlist's cover address. A personal playlist has no picture of its own, so without a
 * visible video (its cover) it has none: undefined shows the default cover without a request
 * that would only answer 404 (and log an error on every page listing it). Editorial playlists
 * may carry their own picture, so they are always asked for.
 */
export function playlistImageUrl(
  playlist: Pictured & { user_id?: number | null; number_of_videos?: number },
  size: ImageSize = 300,
): string | undefined {
  if (playlist.user_id != null && playlist.number_of_videos === 0) return undefined;
  return pictureUrl('playlist', playlist, size);
}

/**
 * An image address from an admin answer (`image`: signed, so staff also see items whose access
 * is off; it ends before the size) at `size`. Undefined when the item has none: the default
 * cover shows without a request that would only answer 404.
 */
export function staffImageUrl(image: string | null | undefined, size: ImageSize = 300): string | undefined {
  return image ? `${image}${size}/` : undefined;
}
