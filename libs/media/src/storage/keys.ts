import { randomUUID } from 'node:crypto';
import { StorageKeyError } from '../errors.js';

/** What a stored object is; the first segment of its key. */
export type StorageKind = 'originals' | 'hls' | 'images' | 'posters' | 'icons' | 'audio' | 'excerpts' | 'tmp';

export const MAX_KEY_LENGTH = 512;

// Lower/upper letters, digits and `._-` in `/`-separated segments; no segment starts with a dot.
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * Refuses any key the server would not have generated: absolute, `..`, empty segments,
 * backslashes, NUL or other control bytes, over-long. Local and S3 drivers both call it, so
 * a key that works on one works on the other.
 */
export function assertValidKey(key: string, what: 'key' | 'prefix' = 'key'): void {
  if (typeof key !== 'string' || key.length === 0) throw new StorageKeyError(`Storage ${what} is empty`);
  if (key.length > MAX_KEY_LENGTH)
    throw new StorageKeyError(`Storage ${what} is longer than ${MAX_KEY_LENGTH} characters`);
  const body = what === 'prefix' ? key.replace(/\/$/, '') : key;
  if (what === 'prefix' && !key.endsWith('/')) throw new StorageKeyError('Storage prefix must end with "/"');
  const segments = body.split('/');
  for (const segment of segments) {
    if (!SEGMENT.test(segment))
      throw new StorageKeyError(`Storage ${what} "${printable(key)}" is not a server-generated key`);
  }
}

/** A fresh key such as `images/2025/06/0b8c…e1.webp`. */
export function newStorageKey(kind: StorageKind, ext: string): string {
  if (!/^[a-z0-9]{1,8}$/.test(ext)) throw new StorageKeyError(`Bad file extension "${printable(ext)}"`);
  return `${kind}/${datePath()}/${randomUUID()}.${ext}`;
}

/** A fresh folder-like prefix such as `hls/2025/06/0b8c…e1/` (an HLS ladder goes under it). */
export function newStoragePrefix(kind: StorageKind): string {
  return `${kind}/${datePath()}/${randomUUID()}/`;
}

function datePath(): string {
  const now = new Date();
  return `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}

function printable(value: string): string {
  return value.replace(/[^\x20-\x7e]/g, '?').slice(0, 80);
}
