import { mkdir, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startAdminKit, type AdminTestKit } from '../testing/admin-kit.js';
import { UploadSpool } from './multipart.js';

const HOUR = 3600_000;

describe('the upload spool after a crash', () => {
  const dir = join(tmpdir(), `cuview-spool-test-${randomUUID()}`);
  let kit: AdminTestKit;

  const ageFile = async (name: string, ageMs: number, content = 'partial upload') => {
    const path = join(dir, name);
    await writeFile(path, content);
    const at = new Date(Date.now() - ageMs);
    await utimes(path, at, at);
    return path;
  };

  beforeAll(async () => {
    await mkdir(dir, { recursive: true });
    // What an api killed mid-upload two hours ago left, and what a live upload writes now.
    await ageFile('5f1c7a9e-0000-4000-8000-000000000001.upload', 2 * HOUR);
    await ageFile('5f1c7a9e-0000-4000-8000-000000000002.upload', 5_000);
    await ageFile('notes.txt', 2 * HOUR);
    kit = await startAdminKit({ UPLOAD_TMP_DIR: dir });
  }, 120_000);

  afterAll(async () => {
    await kit?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('an api that starts removes stale partial uploads, and leaves recent ones and other files alone', async () => {
    // `tus` is the resumable uploads' own folder (swept by its own rule).
    expect((await readdir(dir)).sort()).toEqual(['5f1c7a9e-0000-4000-8000-000000000002.upload', 'notes.txt', 'tus']);
  });

  it('the periodic sweep never removes a file a request of this process is still using, however old', async () => {
    const spool = kit.api.app.get(UploadSpool);
    const inUse = await spool.newPath();
    await writeFile(inUse, 'a slow upload');
    const old = new Date(Date.now() - 3 * HOUR);
    await utimes(inUse, old, old);
    await ageFile('5f1c7a9e-0000-4000-8000-000000000003.upload', 3 * HOUR);

    expect(await spool.sweep()).toBe(1);
    expect((await readdir(dir)).sort()).toEqual(
      [inUse.split('/').pop(), '5f1c7a9e-0000-4000-8000-000000000002.upload', 'notes.txt', 'tus'].sort(),
    );
    spool.release(inUse);
    expect(await spool.sweep()).toBe(1);
  });
});
