import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { Status } from '@app/contracts';
import { startTestApi, TestFactories, type TestApi } from '@app/testing';
import { createApiApp } from '../bootstrap.js';
import { imageVersion } from './image-addresses.js';

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

  /** DESIGN.md §10: a versioned address names one stored picture, so caches keep it for a year. */
  it('lets caches keep a versioned address for a year, and only while it names the current resized picture', async () => {
    const video = await f.video({ thumbnailKey: 'images/2025/01/thumb.png' });
    const version = imageVersion('images/2025/01/thumb.png');
    const kept = await image(`video/${video.id}/300/${version}/`, { accept: 'image/webp' });
    expect(kept.status).toBe(200);
    expect(kept.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(kept.headers.get('vary')).toMatch(/Accept/);
    expect(Buffer.from(await kept.arrayBuffer())).toEqual(await webp);
    // The unversioned address of the same picture is still revalidated each time.
    expect((await image(`video/${video.id}/300/`)).headers.get('cache-control')).toBe('public, no-cache');
    // Replaced: the old version answers today's picture, but no cache may keep it.
    await f.sql('UPDATE videos SET thumbnail_key = $1 WHERE id = $2', ['images/2025/01/plain.jpg', video.id]);
    const stale = await image(`video/${video.id}/300/${version}/`, { accept: 'image/jpeg' });
    expect(stale.status).toBe(200);
    expect(stale.headers.get('cache-control')).toBe('public, no-cache');
    expect(Buffer.from(await stale.arrayBuffer())).toEqual(await jpeg);
    // The original standing in until the resize job has run is not kept either.
    const fresh = imageVersion('images/2025/01/plain.jpg');
    const original = await image(`video/${video.id}/300/${fresh}/`);
    expect(original.status).toBe(200);
    expect(original.headers.get('cache-control')).toBe('public, no-cache');
    await original.arrayBuffer();
    // Hidden: 404 at every public address, versioned or not.
    await f.sql('UPDATE videos SET status = $1 WHERE id = $2', [Status.Off, video.id]);
    const hidden = await image(`video/${video.id}/300/${fresh}/`);
    expect(hidden.status).toBe(404);
    expect(hidden.headers.get('cache-control') ?? '').not.toMatch(/immutable|max-age=31536000/);
    expect((await image(`video/${video.id}/300/not%20a%20version/`)).status).toBe(400);
  });

  /** Issue 18: the answers hand out versioned addresses, new ones whenever the picture changes. */
  it('hands out versioned image addresses in catalogue answers, and a new one when the thumbnail changes', async () => {
    const red = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#e00' } })
      .webp()
      .toBuffer();
    const blue = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#00e' } })
      .webp()
      .toBuffer();
    await put('images/2025/03/first.png', await png);
    await put('images/2025/03/first.png.300.webp', red);
    await put('images/2025/03/second.png', await png);
    await put('images/2025/03/second.png.300.webp', blue);
    const video = await f.video({ thumbnailKey: 'images/2025/03/first.png' });
    const playlist = await f.playlist({ videos: [video] });
    type Answer = { images: Record<'300' | '600', string> | null };
    const read = async <T>(url: string): Promise<T> => {
      const response = await api.request(url);
      expect(response.status).toBe(200);
      return (await response.json()) as T;
    };
    const fetchImage = async (address: string) => {
      const response = await api.request(address, { headers: { accept: 'image/webp' } });
      return { cache: response.headers.get('cache-control'), bytes: Buffer.from(await response.arrayBuffer()) };
    };

    const first = (await read<Answer>(`/cuviewTV/get_video/${video.id}/`)).images!;
    expect(first[300]).toMatch(new RegExp(`^/cuviewTV/image/video/${video.id}/300/[\\w-]{12}/$`));
    const listed = await read<Answer & { videos: Answer[] }>(`/cuviewTV/get_playlist_videos/${playlist.id}/`);
    expect(listed.videos[0]!.images).toEqual(first);
    // The playlist has no picture of its own: its cover video's, under the playlist's address.
    expect(listed.images![300]).toBe(first[300].replace(`video/${video.id}/`, `playlist/${playlist.id}/`));
    expect(await fetchImage(first[300])).toEqual({ cache: 'public, max-age=31536000, immutable', bytes: red });
    expect(await fetchImage(listed.images![300])).toEqual({ cache: 'public, max-age=31536000, immutable', bytes: red });

    // Staff upload a new thumbnail (stored under a new key, as the upload does).
    await f.sql('UPDATE videos SET thumbnail_key = $1 WHERE id = $2', ['images/2025/03/second.png', video.id]);
    const second = (await read<Answer>(`/cuviewTV/get_video/${video.id}/`)).images!;
    expect(second[300]).not.toBe(first[300]);
    expect(await fetchImage(second[300])).toEqual({ cache: 'public, max-age=31536000, immutable', bytes: blue });
    // The old address is not the old picture kept for a year: today's, revalidated every time.
    expect(await fetchImage(first[300])).toEqual({ cache: 'public, no-cache', bytes: blue });

    // No picture: null, so the web app shows its default cover without asking.
    const bare = await f.video();
    expect((await read<Answer>(`/cuviewTV/get_video/${bare.id}/`)).images).toBeNull();
  });

  it('hands out versioned addresses for genres, categories and banners too', async () => {
    await put('images/2025/04/genre.png', await png);
    const genre = await f.genre('Versioned');
    await f.sql('UPDATE genres SET image_key = $1, is_active = true WHERE id = $2', [
      'images/2025/04/genre.png',
      genre.id,
    ]);
    const category = await f.category({ iconKey: 'images/2025/04/genre.png' });
    const genres = (await (await api.request('/cuviewTV/get_active_genres/')).json()) as {
      id: number;
      images: Record<string, string> | null;
    }[];
    const version = imageVersion('images/2025/04/genre.png');
    expect(genres.find((g) => g.id === genre.id)?.images).toEqual({
      300: `/cuviewTV/image/genre/${genre.id}/300/${version}/`,
      600: `/cuviewTV/image/genre/${genre.id}/600/${version}/`,
    });
    const categories = (await (await api.request('/cuviewTV/get_categories/')).json()) as {
      id: number;
      images: Record<string, string> | null;
    }[];
    expect(categories.find((c) => c.id === category.id)?.images?.[600]).toBe(
      `/cuviewTV/image/category/${category.id}/600/${version}/`,
    );
    const video = await f.video({ thumbnailKey: 'images/2025/04/genre.png' });
    const bannerPlaylist = await f.playlist({ videos: [video] });
    const group = await f.group();
    await f.banner({ video, playlist: bannerPlaylist, group });
    const banners = (await (await api.request('/cuviewTV/get_videos_for_banner/')).json()) as {
      video_id: number;
      images: Record<string, string> | null;
    }[];
    expect(banners.find((b) => b.video_id === video.id)?.images?.[600]).toBe(
      `/cuviewTV/image/video/${video.id}/600/${version}/`,
    );
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

  /** Issue 12 item 9, DESIGN.md §10: staff see hidden items' images, the public does not. */
  describe('items whose access is off', () => {
    let staffToken: string;
    const admin = async <T>(url: string): Promise<T> => {
      const response = await api.request(`/cuviewTV/${url}`, { token: staffToken });
      expect([url, response.status]).toEqual([url, 200]);
      return (await response.json()) as T;
    };

    beforeAll(async () => {
      staffToken = f.token(await f.user({ isStaff: true }));
    });

    it('answers 404 publicly and the picture through the staff address of the admin answers', async () => {
      const video = await f.video({ thumbnailKey: 'images/2025/01/thumb.png', status: Status.Off });
      const category = await f.category({ iconKey: 'images/2025/01/plain.jpg', status: Status.Off });
      const playlist = await f.playlist({ status: Status.Off, thumbnailKey: 'images/2025/01/plain.jpg' });
      const info = await admin<{ image: string | null }>(`get_video_info/${video.id}/`);
      const listed = await admin<{ videos: { id: number; image: string | null }[] }>('get_videos_off/1/');
      const categories = await admin<{ id: number; image: string | null }[]>('get_categories_for_admin/');
      const edited = await admin<{ image: string | null }>(`get_category/${category.id}/`);
      const playlists = await admin<{ playlists: { id: number; image: string | null }[] }>(
        'get_playlists_for_admin/1/',
      );
      const cases: [string, string | null | undefined][] = [
        [`video/${video.id}/`, info.image],
        [`video/${video.id}/`, listed.videos.find((v) => v.id === video.id)?.image],
        [`category/${category.id}/`, categories.find((c) => c.id === category.id)?.image],
        [`category/${category.id}/`, edited.image],
        [`playlist/${playlist.id}/`, playlists.playlists.find((p) => p.id === playlist.id)?.image],
      ];
      for (const [item, staff] of cases) {
        expect((await image(`${item}300/`)).status).toBe(404);
        expect(staff).toMatch(new RegExp(`^/cuviewTV/image/s/\\d+/[\\w-]{43}/${item}$`));
        for (const size of [300, 600]) {
          const response = await api.request(`${staff}${size}/`, { headers: { accept: 'image/webp' } });
          expect([item, size, response.status]).toEqual([item, size, 200]);
          expect(response.headers.get('content-type')).toMatch(/^image\//);
          expect(response.headers.get('cache-control')).toBe('private, no-cache');
          await response.arrayBuffer();
        }
      }
    });

    it('gives no address to an item without an image, so the console asks for nothing', async () => {
      const video = await f.video({ status: Status.Off });
      const category = await f.category({ status: Status.Off });
      expect((await admin<{ image: string | null }>(`get_video_info/${video.id}/`)).image).toBeNull();
      expect((await admin<{ image: string | null }>(`get_category/${category.id}/`)).image).toBeNull();
    });

    it('refuses a tampered, expired or borrowed image signature with 403', async () => {
      const video = await f.video({ thumbnailKey: 'images/2025/01/thumb.png', status: Status.Off });
      const other = await f.video({ thumbnailKey: 'images/2025/01/thumb.png', status: Status.Off });
      const staff = (await admin<{ image: string }>(`get_video_info/${video.id}/`)).image;
      const [, expires, signature] = /\/s\/(\d+)\/([\w-]+)\//.exec(staff)!;
      const flipped = `${signature![0] === 'A' ? 'B' : 'A'}${signature!.slice(1)}`;
      for (const [name, url] of Object.entries({
        tampered: staff.replace(signature!, flipped),
        'later expiry': staff.replace(`/s/${expires}/`, `/s/${Number(expires) + 600}/`),
        expired: `/cuviewTV/image/s/${Math.floor(Date.now() / 1000) - 1}/${signature}/video/${video.id}/`,
        'another item': staff.replace(`/video/${video.id}/`, `/video/${other.id}/`),
        'another kind': staff.replace(`/video/${video.id}/`, `/category/${video.id}/`),
      })) {
        const response = await api.request(`${url}300/`);
        expect([name, response.status]).toEqual([name, 403]);
        expect(((await response.json()) as { message: string }).message).toMatch(/image address/);
      }
    });
  });

  it('refuses unknown kinds, sizes and ids', async () => {
    for (const [url, message] of [
      ['user/1/300/', /kind must be one of video, playlist, genre, category, member, album, banner/],
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
