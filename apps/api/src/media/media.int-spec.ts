import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { Status } from '@app/contracts';
import { generateTestVideo, LocalStorage, putDirectory, transcodeHlsLadder } from '@app/media';
import { startTestApi, TestFactories, type TestApi } from '@app/testing';
import { createApiApp } from '../bootstrap.js';

describe('media serving', () => {
  let api: TestApi;
  let dir: string;
  let base: string;
  const segment = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cuview-media-'));
    api = await startTestApi(createApiApp, { STORAGE_DIR: dir });
    const f = new TestFactories(api.app.get(DataSource), api.config.JWT_SECRET);
    const video = await f.video();
    base = `hls/${video.id}/run1`;
    const storage = new LocalStorage({ root: dir });
    await storage.put(`${base}/v0/seg_00001.m4s`, segment, 'video/iso.segment');
    await storage.put(`${base}/master.m3u8`, Buffer.from('#EXTM3U\n'), 'application/vnd.apple.mpegurl');
    await storage.put('originals/2026/11/secret.mp4', Buffer.from('private'), 'video/mp4');
  });
  afterAll(async () => {
    await api?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves a segment whole, with an ETag and an immutable cache header', async () => {
    const response = await api.request(`/cuviewTV/media/${base}/v0/seg_00001.m4s`);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(segment);
    expect(response.headers.get('cache-control')).toContain('immutable');
    // A CDN asks again within a minute, so switching a video off reaches it too.
    expect(response.headers.get('cache-control')).toContain('s-maxage=60');
    expect(response.headers.get('etag')).toBeTruthy();
    expect(response.headers.get('accept-ranges')).toBe('bytes');
  });

  it('answers a Range request with 206 and exactly those bytes', async () => {
    const response = await api.request(`/cuviewTV/media/${base}/v0/seg_00001.m4s`, {
      headers: { range: 'bytes=10-19' },
    });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 10-19/1000');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(segment.subarray(10, 20));
  });

  it('answers 304 when the ETag matches and 416 for a range past the end', async () => {
    const first = await api.request(`/cuviewTV/media/${base}/v0/seg_00001.m4s`);
    const etag = first.headers.get('etag')!;
    await first.arrayBuffer();
    const again = await api.request(`/cuviewTV/media/${base}/v0/seg_00001.m4s`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    const past = await api.request(`/cuviewTV/media/${base}/v0/seg_00001.m4s`, {
      headers: { range: 'bytes=5000-6000' },
    });
    expect(past.status).toBe(416);
  });

  it('serves playlists with a short cache and the HLS content type', async () => {
    const response = await api.request(`/cuviewTV/media/${base}/master.m3u8`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('mpegurl');
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
  });

  it('never serves originals, missing keys, keys of no video or keys that try to escape', async () => {
    for (const key of [
      'originals/2026/11/secret.mp4',
      'hls/nope.m3u8',
      'hls/2026/11/abc/master.m3u8',
      `${base}/../../../originals/2026/11/secret.mp4`,
      'hls/%2e%2e/x',
    ]) {
      const response = await api.request(`/cuviewTV/media/${key}`);
      expect([key, response.status]).toEqual([key, 404]);
    }
  });
});

/**
 * Issue 13 item 5 and DESIGN.md §10: a hidden video's stream is not served to the public,
 * also not by its address, and staff play it through the signed address of get_video_info.
 */
describe('media access', () => {
  let api: TestApi;
  let f: TestFactories;
  let dir: string;
  let ladder: string;
  let staffToken: string;
  /** The ladder's master, first media playlist, its init segment and first segment. */
  let files: string[];

  /** A real ladder (ffmpeg) stored where the worker puts a video's: `hls/{id}/{run}/`. */
  const storeLadder = async (videoId: number): Promise<string> => {
    const prefix = `hls/${videoId}/run-${videoId}/`;
    await putDirectory(new LocalStorage({ root: path.join(dir, 'storage') }), ladder, prefix);
    await f.sql('UPDATE videos SET hls_master_key = $1 WHERE id = $2', [`${prefix}master.m3u8`, videoId]);
    return prefix;
  };

  /** master -> first media playlist -> its init and first segment, resolved as hls.js does. */
  const play = async (masterUrl: string): Promise<number[]> => {
    const statuses: number[] = [];
    const get = async (url: URL) => {
      const response = await fetch(url);
      statuses.push(response.status);
      return response;
    };
    const master = await get(new URL(masterUrl, api.baseUrl));
    if (master.status !== 200) return statuses;
    const masterText = await master.text();
    const mediaLine = masterText.split('\n').find((line) => line && !line.startsWith('#'))!;
    const mediaUrl = new URL(mediaLine, master.url);
    const media = await get(mediaUrl);
    if (media.status !== 200) return statuses;
    const mediaText = await media.text();
    const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(mediaText)?.[1];
    if (init) await get(new URL(init, mediaUrl));
    const first = mediaText.split('\n').find((line) => line && !line.startsWith('#'))!;
    const segment = await get(new URL(first, mediaUrl));
    if (segment.status === 200) expect((await segment.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    return statuses;
  };

  const staffAddress = async (videoId: number): Promise<string> => {
    const response = await api.request(`/cuviewTV/get_video_info/${videoId}/`, { token: staffToken });
    expect(response.status).toBe(200);
    return ((await response.json()) as { scripted_bunny_path: string }).scripted_bunny_path;
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cuview-media-access-'));
    const source = await generateTestVideo(path.join(dir, 'clip.mp4'), { width: 320, height: 240, seconds: 4 });
    ladder = (await transcodeHlsLadder({ source, outputDir: path.join(dir, 'ladder') })).outputDir;
    const firstUri = (text: string) => text.split('\n').find((line) => line && !line.startsWith('#'))!;
    const media = firstUri(await readFile(path.join(ladder, 'master.m3u8'), 'utf8'));
    const mediaText = await readFile(path.join(ladder, media), 'utf8');
    const folder = path.posix.dirname(media) === '.' ? '' : `${path.posix.dirname(media)}/`;
    const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(mediaText)![1]!;
    files = ['master.m3u8', media, `${folder}${init}`, `${folder}${firstUri(mediaText)}`];
    api = await startTestApi(createApiApp, { STORAGE_DIR: path.join(dir, 'storage') });
    f = new TestFactories(api.app.get(DataSource), api.config.JWT_SECRET);
    staffToken = f.token(await f.user({ isStaff: true }));
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('plays a visible video’s stream at its public address', async () => {
    const video = await f.video();
    const prefix = await storeLadder(video.id);
    expect(await play(`/cuviewTV/media/${prefix}master.m3u8`)).toEqual([200, 200, 200, 200]);
  });

  it('answers 404 to the public for the master, media playlist and segments of a hidden video', async () => {
    const video = await f.video({ status: Status.Off });
    const prefix = await storeLadder(video.id);
    expect(await play(`/cuviewTV/media/${prefix}master.m3u8`)).toEqual([404]);
    // Also each file by its own address, as someone who kept the addresses would ask.
    for (const file of files) {
      const response = await api.request(`/cuviewTV/media/${prefix}${file}`);
      expect([file, response.status]).toEqual([file, 404]);
      expect(await response.json()).toEqual({ message: 'Media not found' });
    }
  });

  it('stops serving a video switched off after publishing, at once', async () => {
    const video = await f.video();
    const prefix = await storeLadder(video.id);
    expect(await play(`/cuviewTV/media/${prefix}master.m3u8`)).toEqual([200, 200, 200, 200]);
    // Any writer (here psql-like SQL, as the admin form's UPDATE does): the cache hears it.
    await f.sql('UPDATE videos SET status = $1 WHERE id = $2', [Status.Off, video.id]);
    for (const file of files) {
      const response = await api.request(`/cuviewTV/media/${prefix}${file}`);
      expect([file, response.status]).toEqual([file, 404]);
    }
    await f.sql('UPDATE videos SET status = $1 WHERE id = $2', [Status.On, video.id]);
    expect(await play(`/cuviewTV/media/${prefix}master.m3u8`)).toEqual([200, 200, 200, 200]);
  });

  it('plays a hidden video through the signed address of get_video_info: master, media playlist, segments', async () => {
    const video = await f.video({ status: Status.Off });
    await storeLadder(video.id);
    const signed = await staffAddress(video.id);
    expect(signed).toMatch(new RegExp(`^/cuviewTV/media/s/\\d+/[\\w-]{43}/hls/${video.id}/`));
    expect(await play(signed)).toEqual([200, 200, 200, 200]);
    const response = await fetch(new URL(signed, api.baseUrl));
    expect(response.headers.get('cache-control')).toMatch(/^private/);
  });

  it('refuses a tampered, expired or borrowed signature with 403', async () => {
    const video = await f.video({ status: Status.Off });
    const other = await f.video({ status: Status.Off });
    const prefix = await storeLadder(video.id);
    await storeLadder(other.id);
    const signed = await staffAddress(video.id);
    const [, expires, signature] = /\/s\/(\d+)\/([\w-]+)\//.exec(signed)!;
    const flipped = `${signature![0] === 'A' ? 'B' : 'A'}${signature!.slice(1)}`;
    const cases = {
      tampered: signed.replace(signature!, flipped),
      'later expiry': signed.replace(`/s/${expires}/`, `/s/${Number(expires) + 600}/`),
      expired: `/cuviewTV/media/s/${Math.floor(Date.now() / 1000) - 1}/${signature}/${prefix}master.m3u8`,
      'another video': signed.replace(`hls/${video.id}/run-${video.id}/`, `hls/${other.id}/run-${other.id}/`),
      'not a stream': signed.replace(/hls\/.*$/, 'originals/2026/11/secret.mp4'),
    };
    for (const [name, url] of Object.entries(cases)) {
      const response = await fetch(new URL(url, api.baseUrl));
      expect([name, response.status]).toEqual([name, 403]);
      expect(((await response.json()) as { message: string }).message).toMatch(/media address/);
    }
  });
});
