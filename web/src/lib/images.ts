import { API_BASE } from './api/client';

export type ImageKind = 'video' | 'playlist' | 'genre' | 'category' | 'member' | 'album';
export type ImageSize = 300 | 600;

export const DEFAULT_COVER = '/default-cover.svg';

/** Image service address (DESIGN §2.14). */
export function imageUrl(kind: ImageKind, id: number | string, size: ImageSize = 300): string {
  return `${API_BASE}image/${kind}/${id}/${size}/`;
}
