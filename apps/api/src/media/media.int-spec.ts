import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LocalStorage } from '@app/media';
import { startTestApi, type TestApi } from '@app/testing';
import { createApiApp } from '../bootstrap.js';

describe('media serving', () => {
  let api: TestApi;
  let dir: string;
  const segment = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cuview-media-'));
    const storage = new LocalStorage({ root: dir });
    await storage.put('hls/2026/11/abc/v0/seg_00001.m4s', segment, 'video/iso.segment');
    await storage.put('hls/2026/11/abc/master.m3u8', Buffer.from('#EXTM3U\n'), 'application/vnd.apple.mpegurl');
    await storage.put('originals/2026/11/secret.mp4', Buffer.from('private'), 'video/mp4');
    api = await startTestApi(createApiApp, { STORAGE_DIR: dir });
  });
  afterAll(async () => {
    await api?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves a segment whole, with an ETag and an immutable cache header', async () => {
    const response = await api.request('/cuviewTV/media/hls/2026/11/abc/v0/seg_00001.m4s');
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(segment);
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(response.headers.get('etag')).toBeTruthy();
    expect(response.headers.get('accept-ranges')).toBe('bytes');
  });

  it('answers a Range request with 206 and exactly those bytes', async () => {
    const response = await api.request('/cuviewTV/media/hls/2026/11/abc/v0/seg_00001.m4s', {
      headers: { range: 'bytes=10-19' },
    });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 10-19/1000');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(segment.subarray(10, 20));
  });

  it('answers 304 when the ETag matches and 416 for a range past the end', async () => {
    const first = await api.request('/cuviewTV/media/hls/2026/11/abc/v0/seg_00001.m4s');
    const etag = first.headers.get('etag')!;
    await first.arrayBuffer();
    const again = await api.request('/cuviewTV/media/hls/2026/11/abc/v0/seg_00001.m4s', {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    const past = await api.request('/cuviewTV/media/hls/2026/11/abc/v0/seg_00001.m4s', {
      headers: { range: 'bytes=5000-6000' },
    });
    expect(past.status).toBe(416);
  });

  it('serves playlists with a short cache and the HLS content type', async () => {
    const response = await api.request('/cuviewTV/media/hls/2026/11/abc/master.m3u8');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('mpegurl');
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
  });

  it('never serves originals, missing keys or keys that try to escape', async () => {
    for (const key of [
      'originals/2026/11/secret.mp4',
      'hls/nope.m3u8',
      'hls/../originals/2026/11/secret.mp4',
      'hls/%2e%2e/x',
    ]) {
      const response = await api.request(`/cuviewTV/media/${key}`);
      expect(response.status).toBe(404);
    }
  });
});
