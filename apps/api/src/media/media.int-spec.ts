import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { Status } from '@app/contracts';
import { LocalStorage } from '@app/media';
import {
  makeTestLadder,
  playHls,
  startTestApi,
  storeTestLadder,
  TestFactories,
  type TestApi,
  type TestLadder,
} from '@app/testing';
import { createApiApp } from '../bootstrap.js';
import { MediaSigner } from './media-signer.js';

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
  let ladder: TestLadder;
  let staffToken: string;
  /** The ladder's master, first media playlist, its init segment and first segment. */
  let files: string[];

  /** A real ladder (ffmpeg) stored where the worker puts a video's: `hls/{id}/{run}/`. */
  const storeLadder = async (videoId: number): Promise<string> => {
    const prefix = await storeTestLadder(ladder, path.join(dir, 'storage'), videoId);
    await f.sql('UPDATE videos SET hls_master_key = $1 WHERE id = $2', [`${prefix}master.m3u8`, videoId]);
    return prefix;
  };

  /** master -> first media playlist -> its init and first segment, resolved as hls.js does. */
  const play = async (masterUrl: string): Promise<number[]> => {
    const { statuses, segment } = await playHls(new URL(masterUrl, api.baseUrl).href);
    if (segment) expect(segment.byteLength).toBeGreaterThan(1000);
    return statuses;
  };

  const staffAddress = async (videoId: number): Promise<string> => {
    const response = await api.request(`/cuviewTV/get_video_info/${videoId}/`, { token: staffToken });
    expect(response.status).toBe(200);
    return ((await response.json()) as { scripted_bunny_path: string }).scripted_bunny_path;
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cuview-media-access-'));
    ladder = await makeTestLadder(dir);
    files = ladder.files;
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
  it('answers nginx’s access question per video: allowed with the Cache-Control to send, or why not', async () => {
    const visible = await f.video();
    const hidden = await f.video({ status: Status.Off });
    const ask = (scope: string) => api.request(`/cuviewTV/media/access/${scope}`);

    const allowed = await ask(`hls/${visible.id}/`);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('x-media-cache-playlist')).toBe('public, max-age=60');
    expect(allowed.headers.get('x-media-cache-file')).toContain('immutable');
    expect(allowed.headers.get('cache-control')).toBe('no-store');
    expect((await ask('excerpts/')).status).toBe(200);

    const denied = await ask(`hls/${hidden.id}/`);
    expect([denied.status, denied.headers.get('x-media-denied')]).toEqual([403, 'not-found']);
    expect(await denied.json()).toEqual({ message: 'Media not found' });
    const missing = await ask('hls/2147483000/');
    expect([missing.status, missing.headers.get('x-media-denied')]).toEqual([403, 'not-found']);

    await storeLadder(hidden.id);
    const signed = await staffAddress(hidden.id);
    const [, expires, signature] = /\/s\/(\d+)\/([\w-]+)\//.exec(signed)!;
    const staff = await ask(`s/${expires}/${signature}/hls/${hidden.id}/`);
    expect(staff.status).toBe(200);
    expect(staff.headers.get('x-media-cache-file')).toMatch(/^private, max-age=\d+$/);
    const borrowed = await ask(`s/${expires}/${signature}/hls/${visible.id}/`);
    expect([borrowed.status, borrowed.headers.get('x-media-denied')]).toEqual([403, 'invalid']);
    const tampered = await ask(`s/${Number(expires) + 600}/${signature}/hls/${hidden.id}/`);
    expect([tampered.status, tampered.headers.get('x-media-denied')]).toEqual([403, 'invalid']);
    // Signed as the api signs, long enough ago that the address has run out.
    const past = Date.now() - (api.config.MEDIA_SIGNED_TTL_SECONDS + 700) * 1000;
    const old = api.app.get(MediaSigner).sign(MediaSigner.streamScope(hidden.id), past);
    const expired = await ask(`${old}hls/${hidden.id}/`);
    expect([expired.status, expired.headers.get('x-media-denied')]).toEqual([403, 'expired']);
    expect(await expired.json()).toEqual({ message: 'This media address has expired' });

    for (const scope of ['hls/', 'hls/1/run/', 'originals/', `hls/${visible.id}/../`, 's/1/x/']) {
      const response = await ask(scope);
      expect([scope, response.status]).toEqual([scope, 404]);
    }
  });
});
