import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { StorageKeyError, StorageNotFoundError, StorageRangeError } from '../errors.js';
import { startTestS3Server, type TestS3Server } from '../testing/s3-server.js';
import { newStorageKey, newStoragePrefix } from './keys.js';
import { LocalStorage } from './local-storage.js';
import { putDirectory } from './put-directory.js';
import { S3Storage } from './s3-storage.js';
import type { StorageDriver } from './storage.js';

jest.setTimeout(60_000);

let scratch: string;
let s3: TestS3Server;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'media-storage-'));
  s3 = await startTestS3Server('media');
});

afterAll(async () => {
  await s3?.close();
  await rm(scratch, { recursive: true, force: true });
});

const drivers: [string, () => StorageDriver][] = [
  ['local folder', () => new LocalStorage({ root: join(scratch, 'objects') })],
  [
    'S3 (s3rver, path-style)',
    () =>
      new S3Storage({
        bucket: s3.bucket,
        endpoint: s3.endpoint,
        forcePathStyle: true,
        credentials: s3.credentials,
        publicBaseUrl: 'https://cdn.example.test/media',
      }),
  ],
];

describe.each(drivers)('%s driver', (_name, create) => {
  let storage: StorageDriver;
  beforeAll(() => {
    storage = create();
  });

  it('stores a buffer and reads it back with its size, type and ETag', async () => {
    const key = newStorageKey('images', 'webp');
    await storage.put(key, Buffer.from('hello image'), 'image/webp');
    const object = await storage.get(key);
    expect(await buffer(object.body)).toEqual(Buffer.from('hello image'));
    expect(object).toMatchObject({
      size: 11,
      contentLength: 11,
      contentType: 'image/webp',
      range: { start: 0, end: 10 },
    });
    expect(object.etag).toMatch(/^".+"$/);
    expect(await storage.stat(key)).toMatchObject({ size: 11, etag: object.etag });
    expect(await storage.exists(key)).toBe(true);
  });

  it('stores a stream of unknown length', async () => {
    const key = newStorageKey('originals', 'mp4');
    const chunks = Array.from({ length: 5 }, (_, i) => Buffer.alloc(100_000, i));
    await storage.put(key, Readable.from(chunks), 'video/mp4');
    // Buffer.equals: jest's deep equality walks 500k bytes one by one and takes seconds.
    expect((await buffer((await storage.get(key)).body)).equals(Buffer.concat(chunks))).toBe(true);
  });

  it('stores a local file', async () => {
    const path = join(scratch, `upload-${Math.random()}.m4a`);
    await writeFile(path, Buffer.alloc(4096, 9));
    const key = newStorageKey('excerpts', 'm4a');
    await storage.putFile(key, path);
    expect(await storage.stat(key)).toMatchObject({ size: 4096, contentType: 'audio/mp4' });
  });

  it('serves byte ranges, clamps open and long ranges, refuses ranges past the end', async () => {
    const key = newStorageKey('hls', 'm4s');
    await storage.put(key, Buffer.from('0123456789'), 'video/iso.segment');
    const part = await storage.get(key, { start: 2, end: 5 });
    expect((await buffer(part.body)).toString()).toBe('2345');
    expect(part).toMatchObject({ size: 10, contentLength: 4, range: { start: 2, end: 5 } });
    const tail = await storage.get(key, { start: 7 });
    expect((await buffer(tail.body)).toString()).toBe('789');
    expect(tail.range).toEqual({ start: 7, end: 9 });
    const long = await storage.get(key, { start: 8, end: 100 });
    expect((await buffer(long.body)).toString()).toBe('89');
    await expect(storage.get(key, { start: 10 })).rejects.toBeInstanceOf(StorageRangeError);
  });

  it('answers "not found" for missing objects and deletes idempotently', async () => {
    const key = newStorageKey('images', 'jpg');
    expect(await storage.stat(key)).toBeUndefined();
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
    await storage.put(key, Buffer.from('x'), 'image/jpeg');
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
  });

  it('deletes everything under a prefix and nothing beside it', async () => {
    const prefix = newStoragePrefix('hls');
    const sibling = `${prefix.slice(0, -1)}x/master.m3u8`; // same leading characters, other folder
    for (const f of ['master.m3u8', '720p/index.m3u8', '720p/seg_00000.m4s', 'audio/seg_00000.m4s']) {
      await storage.put(prefix + f, Buffer.from(f), 'application/octet-stream');
    }
    await storage.put(sibling, Buffer.from('keep'), 'application/vnd.apple.mpegurl');
    expect(await storage.deletePrefix(prefix)).toBe(4);
    expect(await storage.exists(`${prefix}720p/seg_00000.m4s`)).toBe(false);
    expect(await storage.exists(sibling)).toBe(true);
    expect(await storage.deletePrefix(prefix)).toBe(0);
  });

  it('uploads a ladder folder, master last', async () => {
    const dir = join(scratch, `ladder-${Math.random()}`);
    const { mkdir } = await import('node:fs/promises');
    await mkdir(join(dir, '360p'), { recursive: true });
    await writeFile(join(dir, 'master.m3u8'), '#EXTM3U\n');
    await writeFile(join(dir, '360p', 'index.m3u8'), '#EXTM3U\n');
    await writeFile(join(dir, '360p', 'seg_00000.m4s'), 'seg');
    const prefix = newStoragePrefix('hls');
    const keys = await putDirectory(storage, dir, prefix);
    expect(keys).toEqual([`${prefix}360p/seg_00000.m4s`, `${prefix}360p/index.m3u8`, `${prefix}master.m3u8`]);
    expect(await storage.stat(`${prefix}master.m3u8`)).toMatchObject({ contentType: 'application/vnd.apple.mpegurl' });
    expect(await storage.stat(`${prefix}360p/seg_00000.m4s`)).toMatchObject({ contentType: 'video/iso.segment' });
  });

  it.each([
    ['a parent folder', '../escape.txt'],
    ['an absolute path', '/etc/passwd'],
    ['a climb out', 'images/../../x'],
    ['a NUL byte', 'images/a\0b.jpg'],
    ['backslashes', 'images\\..\\x.jpg'],
    ['600 characters', 'a'.repeat(600)],
  ])('refuses a key with %s before touching storage', async (_label, key) => {
    await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(StorageKeyError);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StorageKeyError);
    await expect(storage.deletePrefix(`${key}/`)).rejects.toBeInstanceOf(StorageKeyError);
  });
});

describe('driver specifics', () => {
  it('local: writes through a temporary file, so a failed stream leaves nothing under the key', async () => {
    const storage = new LocalStorage({ root: join(scratch, 'atomic') });
    // Many at once: a body that fails while its temporary file is still being opened once left
    // that file behind (a CI run).
    const keys = Array.from({ length: 50 }, () => newStorageKey('originals', 'mp4'));
    const failing = () =>
      new Readable({
        read() {
          this.push(Buffer.alloc(1000));
          this.destroy(new Error('client went away'));
        },
      });
    for (const outcome of await Promise.allSettled(keys.map((key) => storage.put(key, failing(), 'video/mp4')))) {
      expect(outcome).toMatchObject({ status: 'rejected', reason: new Error('client went away') });
    }
    for (const key of keys) expect(await storage.exists(key)).toBe(false);
    const leftovers = await readdir(join(scratch, 'atomic'), { recursive: true });
    expect(leftovers.filter((f) => String(f).endsWith('.partial'))).toEqual([]);
  });

  it('local: has no public URL unless one is configured', () => {
    expect(new LocalStorage({ root: scratch }).publicUrl('images/a.jpg')).toBeUndefined();
    expect(new LocalStorage({ root: scratch, publicBaseUrl: 'https://cdn.test/m/' }).publicUrl('images/a.jpg')).toBe(
      'https://cdn.test/m/images/a.jpg',
    );
  });

  it('S3: uploads a large stream in parts and keeps keys under the configured prefix', async () => {
    const storage = new S3Storage({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: s3.credentials,
      keyPrefix: 'staging',
      publicBaseUrl: 'https://cdn.example.test',
    });
    const key = newStorageKey('originals', 'mp4');
    const size = 9 * 1024 * 1024; // more than one 8 MB part
    await storage.put(key, Readable.from([Buffer.alloc(size, 1), Buffer.alloc(1024, 2)]), 'video/mp4');
    expect(await storage.stat(key)).toMatchObject({ size: size + 1024, contentType: 'video/mp4' });
    expect(storage.publicUrl(key)).toBe(`https://cdn.example.test/staging/${key}`);
    const plain = new S3Storage({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: s3.credentials,
    });
    expect(await plain.exists(key)).toBe(false);
    expect(await plain.exists(`staging/${key}`)).toBe(true);
  });
});
