import { createHash } from 'node:crypto';
import type { ImageKind, ImageSize } from '@app/contracts';
import { imagePath } from '../api-prefix.js';

/** An item's picture at each size, at its versioned address (`…/{size}/{version}/`). */
export type ImageAddresses = Record<ImageSize, string>;

/**
 * The version part of an image's versioned address: the stored picture's key (a new upload
 * is stored under a new key) hashed, so the address says nothing of the storage layout.
 */
export function imageVersion(imageKey: string): string {
  return createHash('sha256').update(imageKey).digest('base64url').slice(0, 12);
}

/**
 * The versioned addresses the api hands out for an item's picture (DESIGN.md §10): they change
 * whenever the picture does, so browsers and CDNs keep them for a year
 * (ImagesController). null when the item has no picture, so a client shows its default cover
 * without asking.
 */
export function versionedImage(
  kind: ImageKind,
  id: number,
  imageKey: string | null | undefined,
): ImageAddresses | null {
  if (!imageKey) return null;
  const version = imageVersion(imageKey);
  return { 300: `${imagePath(kind, id, 300)}${version}/`, 600: `${imagePath(kind, id, 600)}${version}/` };
}
