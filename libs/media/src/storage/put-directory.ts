import { readdir } from 'node:fs/promises';
import { join, posix, relative } from 'node:path';
import { MediaAbortedError } from '../errors.js';
import { assertValidKey } from './keys.js';
import { contentTypeForKey, type StorageDriver } from './storage.js';

/**
 * Uploads every file of a local folder (an HLS ladder) under `prefix`. Playlists go last,
 * master last of all, so a reader that finds the master finds everything it names. An aborted
 * signal stops it between files (MediaAbortedError).
 */
export async function putDirectory(
  storage: StorageDriver,
  dir: string,
  prefix: string,
  options: { concurrency?: number; signal?: AbortSignal } = {},
): Promise<string[]> {
  assertValidKey(prefix, 'prefix');
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split('\\').join(posix.sep));
  const rank = (f: string) => (f === 'master.m3u8' ? 2 : f.endsWith('.m3u8') ? 1 : 0);
  const groups = [0, 1, 2].map((r) => files.filter((f) => rank(f) === r));
  const keys: string[] = [];
  for (const group of groups) {
    const queue = [...group];
    const worker = async () => {
      for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
        if (options.signal?.aborted) throw new MediaAbortedError('Stopped while storing the files');
        const key = prefix + file;
        await storage.putFile(key, join(dir, file), contentTypeForKey(key));
        keys.push(key);
      }
    };
    await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  }
  return keys;
}
