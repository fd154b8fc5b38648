import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { createStorage, type StorageSettings } from './create-storage.js';

const base: StorageSettings = {
  STORAGE_DRIVER: 'local',
  STORAGE_DIR: '.data/storage',
  S3_REGION: 'us-east-1',
  S3_FORCE_PATH_STYLE: true,
};

describe('createStorage', () => {
  it('writes under STORAGE_DIR with the local driver', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'create-storage-'));
    try {
      const storage = createStorage({ ...base, STORAGE_DIR: dir, MEDIA_PUBLIC_URL: 'https://cdn.example/media' });
      expect(storage.kind).toBe('local');
      await storage.put('a/b.txt', Buffer.from('hello'), 'text/plain');
      expect(await readFile(join(dir, 'a/b.txt'), 'utf8')).toBe('hello');
      expect(storage.publicUrl('a/b.txt')).toBe('https://cdn.example/media/a/b.txt');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('builds the S3 driver for STORAGE_DRIVER=s3', () => {
    const storage = createStorage({
      ...base,
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      MEDIA_PUBLIC_URL: 'https://cdn.example/media',
    });
    expect(storage.kind).toBe('s3');
    expect(storage.publicUrl('a/b.txt')).toBe('https://cdn.example/media/a/b.txt');
  });
});
