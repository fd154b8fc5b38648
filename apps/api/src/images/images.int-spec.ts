import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { Status } from '@app/contracts';
import { startTestApi, TestFactories, type TestApi } from '@app/testing';
import { createApiApp } from '../bootstrap.js';

describe('image service', () => {
  let api: TestApi;
  let f: TestFactories;
  let storage: string;
  const jpeg = sharp({ create: { width: 30, height: 20, channels: 3, background: '#c00' } })
    .jpeg()
    .toBuffer();
  const webp = sharp({ create: { width: 30, height: 20, channels: 3, background: '#0c0' } })
    .webp()
    .toBuffer();
  const png = sharp({ create: { width: 30, height: 20, channels: 3, background: '#00c' } })
    .png()
    .toBuffer();

  const put = async (key: string, body: Buffer | string) => {
    await mkdir(path.dirname(path.join(storage, key)), { recursive: true });
    await writeFile(path.join(storage, key), body);
  };
  const image = (url: string, headers: Record<string, string> = {}) =>
    api.request(`/cuviewTV/image/${url}`, { headers });

  beforeAll(async () => {
    storage = await mkdtemp(path.join(tmpdir(), 'cuview-images-'));
    api = await startTestApi(createApiApp, { STORAGE_DIR: storage });
    f = new TestFactories(api.app.get(DataSource), api.config.JWT_SECRET);
    await put('images/2025/01/thumb.png', await png);
    await put('images/2025/01/thumb.png.300.jpg', await jpeg);
    await put('images/2025/01/thumb.png.300.webp', await webp);
    await put('images/2025/01/plain.jpg', await jpeg);
    await put('icons/2025/01/icon.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  });
  afterAll(async () => {
    await api?.close();
    await rm(storage, { recursive: true, force: true });
  });

  it('serves the resized variant, WebP to browsers that accept it and JPEG to the rest', async () => {
    const video = await f.video({ thumbnailKey: 'images/2025/01/thumb.png' });
    const asWebp = await image(`video/${video.id}/300/`, { accept: 'image/avif,image/webp,*/*' });
    expect(asWebp.status).toBe(200);
    expect(asWebp.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await asWebp.arrayBuffer())).toEqual(await webp);
    expect(asWebp.headers.get('cache-control')).toBe('public, no-cache');
    expect(asWebp.headers.get('vary')).toMatch(/Accept/);
    const asJpeg = await image(`video/${video.id}/300`, { accept: 'image/jpeg' });
    expect(asJpeg.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await asJpeg.arrayBuffer())).toEqual(await jpeg);
    expect(asJpeg.headers.get('etag')).not.toBe(asWebp.headers.get('etag'));
  });

  it('answers 304 when the browser already has it', async () => {
    const video = await f.video({ thumbnailKey: 'images/2025/01/thumb.png' });
    const first = await image(`video/${video.id}/300/`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    const again = await image(`video/${video.id}/300/`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await image(`video/${video.id}/300/`, { 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('answers the new picture, with a new ETag, once a thumbnail is replaced at the same address', async () => {
    await put('images/2025/01/other.jpg', await png);
    const video = await f.video({ thumbnailKey: 'images/2025/01/plain.jpg' });
    const before = await image(`video/${video.id}/300/`, { accept: 'image/jpeg' });
    const etag = before.headers.get('etag')!;
    await f.sql('UPDATE videos SET thumbnail_key = $1 WHERE id = $2', ['images/2025/01/other.jpg', video.id]);
    const after = await image(`video/${video.id}/300/`, { accept: 'image/jpeg', 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(Buffer.from(await after.arrayBuffer())).toEqual(await png);
  });

  it('serves a plain raster original until its sizes exist, never an SVG', async () => {
    const genre = await f.genre('Imaged');
    await f.sql('UPDATE genres SET image_key = $1 WHERE id = $2', ['images/2025/01/plain.jpg', genre.id]);
    const response = await image(`genre/${genre.id}/600/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    const category = await f.category({ iconKey: 'icons/2025/01/icon.svg' });
    const svg = await image(`category/${category.id}/600/`);
    expect(svg.status).toBe(404);
    expect(await svg.json()).toEqual({ message: 'Image not found' });
  });

  it('shows a playlist with its cover video’s thumbnail when it has none of its own', async () => {
    const video = await f.video({ thumbnailKey: 'images/2025/01/thumb.png' });
    const playlist = await f.playlist({ videos: [video] });
    const response = await image(`playlist/${playlist.id}/300/`, { accept: 'image/webp' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
  });

  it('answers 404 for missing objects, missing images and hidden items', async () => {
    const noThumb = await f.video();
    const hidden = await f.video({ thumbnailKey: 'images/2025/01/thumb.png', status: Status.Off });
    const missingFile = await f.video({ thumbnailKey: 'images/2025/01/gone.png' });
    for (const url of [
      `video/${noThumb.id}/300/`,
      `video/${hidden.id}/300/`,
      `video/${missingFile.id}/300/`,
      'member/999/600/',
      'album/999/300/',
    ]) {
      const response = await image(url);
      expect([url, response.status]).toEqual([url, 404]);
      expect(await response.json()).toEqual({ message: 'Image not found' });
    }
  });

  it('refuses unknown kinds, sizes and ids', async () => {
    for (const [url, message] of [
      ['user/1/300/', /kind must be one of video, playlist, genre, category, member, album/],
      ['video/1/301/', /size must be one of 300, 600/],
      ['video/1/3e2/', /size must be one of/],
      ['video/abc/300/', /id must be a whole number/],
      ['video/..%2F..%2Fetc/300/', /id must be a whole number/],
    ] as const) {
      const response = await image(url);
      expect([url, response.status]).toEqual([url, 400]);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
  });
});
