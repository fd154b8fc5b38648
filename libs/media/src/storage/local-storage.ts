import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StorageKeyError, StorageNotFoundError, StorageRangeError } from '../errors.js';
import { assertValidKey } from './keys.js';
import {
  contentTypeForKey,
  resolveRange,
  type ByteRange,
  type StorageDriver,
  type StoredObject,
  type StoredObjectInfo,
} from './storage.js';

export interface LocalStorageOptions {
  /** Folder holding every object; created when missing. */
  root: string;
  /** Base URL when a web server or CDN serves this folder directly (otherwise the API does). */
  publicBaseUrl?: string;
}

/**
 * The embedded default: objects are files under `root`. Writes go to a temporary file
 * that is renamed into place, so a reader never sees half an object and a crashed job
 * leaves no partial file under a real key. The content type comes from the key's
 * extension (keys are server-generated, so the extension is ours).
 */
export class LocalStorage implements StorageDriver {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(private readonly options: LocalStorageOptions) {
    this.root = resolve(options.root);
  }

  private path(key: string, what: 'key' | 'prefix' = 'key'): string {
    assertValidKey(key, what);
    const full = resolve(this.root, key);
    // Belt and braces: validation already forbids `..`, this makes escaping impossible.
    if (!full.startsWith(this.root + sep)) throw new StorageKeyError('Storage key escapes the storage root');
    return full;
  }

  async put(key: string, body: Readable | Buffer, _contentType: string): Promise<void> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.partial`;
    // Opened before the copy starts: a stream that opened the file itself could still be
    // opening it when a failed body is cleaned up below, and create it after the rm.
    const file = await open(temp, 'wx');
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, file.createWriteStream());
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async putFile(key: string, path: string, _contentType?: string): Promise<void> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.partial`;
    try {
      await copyFile(path, temp);
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject> {
    const info = await this.stat(key);
    if (!info) throw new StorageNotFoundError(key);
    const served = resolveRange(range, info.size);
    if (!served) throw new StorageRangeError(key, info.size);
    const body =
      info.size === 0 ? Readable.from([]) : createReadStream(this.path(key), { start: served.start, end: served.end });
    const contentLength = info.size === 0 ? 0 : served.end - served.start + 1;
    return { ...info, body, range: served, contentLength };
  }

  async stat(key: string): Promise<StoredObjectInfo | undefined> {
    const path = this.path(key);
    try {
      const s = await stat(path);
      if (!s.isFile()) return undefined;
      return {
        size: s.size,
        contentType: contentTypeForKey(key),
        // Objects are never rewritten in place (new content gets a new key), so size and
        // modification time identify the content, as nginx's ETag does.
        etag: `"${Math.floor(s.mtimeMs).toString(16)}-${s.size.toString(16)}"`,
        lastModified: s.mtime,
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') {
        return undefined;
      }
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== undefined;
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<number> {
    const dir = this.path(prefix, 'prefix');
    let count = 0;
    try {
      const entries = await readdir(dir, { recursive: true, withFileTypes: true });
      count = entries.filter((e) => e.isFile() && !e.name.endsWith('.partial')).length;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    await rm(dir, { recursive: true, force: true });
    return count;
  }

  publicUrl(key: string): string | undefined {
    assertValidKey(key);
    return this.options.publicBaseUrl ? `${this.options.publicBaseUrl.replace(/\/$/, '')}/${key}` : undefined;
  }

  /** Absolute path of an object, for tools that need a file (ffmpeg reading an original). */
  localPath(key: string): string {
    return this.path(key);
  }
}
