import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { Status } from '@app/contracts';
import {
  freeLocalPort,
  makeTestLadder,
  nginxBinary,
  playHls,
  startHostNginx,
  startTestApi,
  storeTestLadder,
  TestFactories,
  type HostNginx,
  type TestApi,
  type TestLadder,
} from '@app/testing';
import { createApiApp } from '../bootstrap.js';
import { MediaSigner } from './media-signer.js';

/**
 * Issue 18 item 2 and DESIGN.md §10 in the containers' path: the web image's nginx
 * (infra/docker/nginx.conf, run on the host with only its `# host:` lines replaced) serves the
 * stored files itself, after asking the api per video. A viewer gets 404 for a hidden video's
 * stream, staff play it through their signed address, a forged or expired signature gets 403.
 */
describe('media through nginx', () => {
  let api: TestApi;
  let nginx: HostNginx;
  let f: TestFactories;
  let dir: string;
  let storage: string;
  let ladder: TestLadder;
  let staffToken: string;
  let apiClosed = false;

  const store = async (videoId: number): Promise<string> => {
    const prefix = await storeTestLadder(ladder, storage, videoId);
    await f.sql('UPDATE videos SET hls_master_key = $1 WHERE id = $2', [`${prefix}master.m3u8`, videoId]);
    return prefix;
  };
  const media = (address: string) => `${nginx.base}/media/${address}`;
  const statuses = async (prefix: string): Promise<number[]> => {
    const answers: number[] = [];
    for (const file of ladder.files) {
      const response = await fetch(media(`${prefix}${file}`));
      await response.arrayBuffer();
      answers.push(response.status);
    }
    return answers;
  };
  /** Waits (at most `ms`) until every file of the ladder answers `status`; answers how long it took. */
  const until = async (prefix: string, status: number, ms: number): Promise<number> => {
    const t0 = Date.now();
    while ((await statuses(prefix)).some((s) => s !== status)) {
      if (Date.now() - t0 > ms) throw new Error(`${prefix} did not answer ${status} within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return Date.now() - t0;
  };
  const staffAddress = async (videoId: number): Promise<string> => {
    const response = await api.request(`/cuviewTV/get_video_info/${videoId}/`, { token: staffToken });
    expect(response.status).toBe(200);
    return ((await response.json()) as { scripted_bunny_path: string }).scripted_bunny_path;
  };

  beforeAll(async () => {
    nginxBinary(); // fails at once, with the package to install, when nginx is missing
    dir = await mkdtemp(path.join(tmpdir(), 'cuview-media-nginx-'));
    storage = path.join(dir, 'storage');
    ladder = await makeTestLadder(dir);
    const port = await freeLocalPort();
    // As in docker-compose.yml: players are handed nginx's /media/ addresses.
    api = await startTestApi(createApiApp, {
      STORAGE_DIR: storage,
      MEDIA_PUBLIC_URL: `http://127.0.0.1:${port}/media`,
    });
    const webRoot = path.join(dir, 'web');
    await mkdir(webRoot);
    await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(path.join(webRoot, 'robots.txt'), 'User-agent: *\n');
    nginx = await startHostNginx({ apiUrl: api.baseUrl, storageDir: storage, port, webRoot });
    f = new TestFactories(api.app.get(DataSource), api.config.JWT_SECRET);
    staffToken = f.token(await f.user({ isStaff: true }));
  }, 120_000);
  afterAll(async () => {
    await nginx?.stop();
    if (!apiClosed) await api?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('accepts the configuration (nginx -t)', () => {
    const check = spawnSync(nginxBinary(), ['-t', '-c', nginx.configPath, '-p', path.dirname(nginx.configPath)], {
      encoding: 'utf8',
    });
    expect([check.status, check.stderr]).toEqual([0, expect.stringContaining('test is successful')]);
  });

  it('plays a visible video: nginx serves the stored bytes with the api’s cache headers', async () => {
    const video = await f.video();
    const prefix = await store(video.id);
    const play = await playHls(media(`${prefix}master.m3u8`));
    expect(play.statuses).toEqual([200, 200, 200, 200]);
    const segmentFile = ladder.files[3]!;
    expect(play.segment).toEqual(await readFile(path.join(storage, prefix, segmentFile)));

    const segment = await fetch(media(`${prefix}${segmentFile}`));
    expect(segment.headers.get('cache-control')).toBe('public, max-age=31536000, s-maxage=60, immutable');
    expect(segment.headers.get('etag')).toBeTruthy();
    const range = await fetch(media(`${prefix}${segmentFile}`), { headers: { range: 'bytes=10-19' } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer())).toEqual(play.segment!.subarray(10, 20));
    const master = await fetch(media(`${prefix}master.m3u8`));
    expect(master.headers.get('cache-control')).toBe('public, max-age=60');
    expect(master.headers.get('content-type')).toContain('mpegurl');
  });

  it('answers 404 to a viewer for every file of a hidden video', async () => {
    const video = await f.video({ status: Status.Off });
    const prefix = await store(video.id);
    expect((await playHls(media(`${prefix}master.m3u8`))).statuses).toEqual([404]);
    expect(await statuses(prefix)).toEqual([404, 404, 404, 404]);
    const response = await fetch(media(`${prefix}master.m3u8`));
    expect(await response.json()).toEqual({ message: 'Media not found' });
  });

  it('stops serving a video switched off within about a second, and serves it again when on', async () => {
    const video = await f.video();
    const prefix = await store(video.id);
    expect(await statuses(prefix)).toEqual([200, 200, 200, 200]);
    await f.sql('UPDATE videos SET status = $1 WHERE id = $2', [Status.Off, video.id]);
    // nginx keeps the api's answer for 1 s (and the api hears the change through NOTIFY); the
    // files nginx has cached are not served past it. The bound allows for a busy machine.
    expect(await until(prefix, 404, 5000)).toBeLessThan(3000);
    await f.sql('UPDATE videos SET status = $1 WHERE id = $2', [Status.On, video.id]);
    expect(await until(prefix, 200, 5000)).toBeLessThan(3000);
  });

  it('plays a hidden video through the staff’s signed address, privately cached', async () => {
    const video = await f.video({ status: Status.Off });
    const prefix = await store(video.id);
    const signed = await staffAddress(video.id);
    expect(signed.startsWith(`${nginx.base}/media/s/`)).toBe(true);
    const play = await playHls(signed);
    expect(play.statuses).toEqual([200, 200, 200, 200]);
    expect(play.segment).toEqual(await readFile(path.join(storage, prefix, ladder.files[3]!)));
    const segment = await fetch(play.urls[3]!);
    expect(segment.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
  });

  it('refuses a forged, expired, lengthened or borrowed signature with 403', async () => {
    const video = await f.video({ status: Status.Off });
    const other = await f.video({ status: Status.Off });
    const prefix = await store(video.id);
    const otherPrefix = await store(other.id);
    const signed = await staffAddress(video.id);
    const [, expires, signature] = /\/s\/(\d+)\/([\w-]+)\//.exec(signed)!;
    const flipped = `${signature![0] === 'A' ? 'B' : 'A'}${signature!.slice(1)}`;
    const past = Date.now() - (api.config.MEDIA_SIGNED_TTL_SECONDS + 700) * 1000;
    const old = api.app.get(MediaSigner).sign(MediaSigner.streamScope(video.id), past);
    const cases: Record<string, [string, string]> = {
      forged: [signed.replace(signature!, flipped), 'not valid'],
      lengthened: [signed.replace(`/s/${expires}/`, `/s/${Number(expires) + 600}/`), 'not valid'],
      expired: [media(`${old}${prefix}master.m3u8`), 'expired'],
      'another video': [signed.replace(prefix, otherPrefix), 'not valid'],
    };
    for (const [name, [url, words]] of Object.entries(cases)) {
      const response = await fetch(url);
      expect([name, response.status]).toEqual([name, 403]);
      expect(((await response.json()) as { message: string }).message).toContain(words);
    }
  });

  it('serves nothing outside streams and excerpts: originals, escapes and missing files are 404', async () => {
    const video = await f.video();
    const prefix = await store(video.id);
    const signed = await staffAddress(video.id);
    for (const address of [
      'originals/2026/11/secret.mp4',
      `${prefix}../../../originals/2026/11/secret.mp4`,
      `${prefix}%2e%2e/%2e%2e/master.m3u8`,
      `${prefix}missing.m4s`,
      'hls/nope.m3u8',
    ]) {
      const response = await fetch(media(address));
      expect([address, response.status]).toEqual([address, 404]);
    }
    const outside = await fetch(signed.replace(/hls\/.*$/, 'originals/2026/11/secret.mp4'));
    expect(outside.status).toBe(404);
    expect((await fetch(media(`${prefix}master.m3u8`), { method: 'POST', body: 'x' })).status).toBe(405);
  });

  it('answers the page for a screen, and 404 for a root file the build did not write, as the api does', async () => {
    for (const screen of ['/', '/myPlaylists', '/playlist/7/Live%20Vol.%202']) {
      const response = await fetch(`${nginx.base}${screen}`);
      expect([screen, response.status, await response.text()]).toEqual([screen, 200, expect.stringContaining('root')]);
    }
    expect(await (await fetch(`${nginx.base}/robots.txt`)).text()).toBe('User-agent: *\n');
    for (const file of ['/sitemap.xml', '/favicon.ico', '/assets/index-old999.js']) {
      const response = await fetch(`${nginx.base}${file}`);
      await response.arrayBuffer();
      expect([file, response.status]).toEqual([file, 404]);
    }
  });

  it('answers 503 when the api cannot be asked', async () => {
    const video = await f.video();
    const prefix = await store(video.id);
    await api.close();
    apiClosed = true;
    const response = await fetch(media(`${prefix}master.m3u8`));
    expect(response.status).toBe(503);
  });
});
