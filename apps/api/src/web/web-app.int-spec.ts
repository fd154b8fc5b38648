import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { startTestApi, TestFactories, type TestApi } from '@app/testing';
import { createApiApp } from '../bootstrap.js';
import { imageVersion } from '../images/image-addresses.js';

describe('the built web app, served by the api', () => {
  let api: TestApi;
  let dist: string;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'cuview-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>CUVIEW TV</title></head><body><div id="root"></div></body></html>',
    );
    await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
    const vendor = `export const words = ${JSON.stringify('music video '.repeat(500))};`;
    await writeFile(path.join(dist, 'assets', 'vendor-def456.js'), vendor);
    await writeFile(path.join(dist, 'assets', 'vendor-def456.js.br'), brotliCompressSync(vendor));
    await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(path.join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /cuviewTV/\n');
    api = await startTestApi(createApiApp, { WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await api?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const response = await api.request('/assets/index-abc123.js');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('console.log("app")');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('sends the Brotli copy the build wrote to a browser that accepts it, the plain file otherwise', async () => {
    const compressed = await api.request('/assets/vendor-def456.js', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(compressed.status).toBe(200);
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(compressed.headers.get('content-type')).toMatch(/javascript/);
    expect(await compressed.text()).toMatch(/^export const words = "music video music video/);

    const plain = await api.request('/assets/vendor-def456.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await plain.text()).length).toBeGreaterThan(6000);
  });

  it('serves other files without the long cache', async () => {
    const response = await api.request('/favicon.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).not.toMatch(/immutable/);
  });

  it('answers 404, not the page, for a file the build did not write', async () => {
    const robots = await api.request('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toMatch(/text\/plain/);
    expect(await robots.text()).toContain('User-agent: *');
    // A crawler's usual files, and a script of an older build that a tab still running it asks for.
    for (const file of ['/sitemap.xml', '/favicon.ico', '/ads.txt?x=1', '/assets/index-old999.js', '/assets/']) {
      const response = await api.request(file);
      expect([file, response.status]).toEqual([file, 404]);
      expect(await response.text()).not.toContain('<div id="root">');
    }
  });

  it('answers index.html for the client-side routes, and leaves the api its own paths', async () => {
    for (const route of ['/', '/home?g=4&p=54&v=403', '/myPlaylists', '/adminVideos', '/playlist/7/Live%20Vol.%202']) {
      const response = await api.request(route);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root">');
    }
    const apiCall = await api.request('/cuviewTV/no_such_call/');
    expect(apiCall.status).toBe(404);
    expect(apiCall.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('writes the hero banners and a preload of the first poster into the landing page, and only there', async () => {
    const f = new TestFactories(api.app.get(DataSource));
    const video = await f.video({ title: 'Night Drive', thumbnailKey: 'images/2026/11/night-drive.png' });
    const playlist = await f.playlist({ videos: [video] });
    const group = await f.group({ playlists: [playlist] });
    // A staff-written title that tries to close the island and run a script.
    const banner = await f.banner({ video, playlist, group, title: '</script><script>alert(1)</script>' });

    const html = await (await api.request('/')).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(
      // The versioned address the hero asks for (the banner answer's `images`), so the preload is used.
      `<link rel="preload" as="image" fetchpriority="high" href="/cuviewTV/image/video/${video.id}/600/${imageVersion('images/2026/11/night-drive.png')}/">`,
    );
    const island = /<script type="application\/json" id="landing-banners">(.*?)<\/script>/.exec(head);
    expect(island).not.toBeNull();
    expect(island![1]).not.toContain('<');
    const banners = JSON.parse(island![1]!) as { video_id: number; title: string }[];
    const answer = await (await api.request('/cuviewTV/get_videos_for_banner/')).json();
    expect(banners).toEqual(answer);
    expect(banners[0]).toMatchObject({ video_id: video.id, title: '</script><script>alert(1)</script>' });

    // A banner with its own picture: the hero shows that one, so that one is preloaded.
    await f.sql('UPDATE banner_videos SET image_key = $1 WHERE id = $2', ['images/2026/11/hero.png', banner.id]);
    expect(await (await api.request('/')).text()).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="/cuviewTV/image/banner/${banner.id}/600/${imageVersion('images/2026/11/hero.png')}/">`,
    );

    // Other routes get the plain page.
    expect(await (await api.request('/myPlaylists')).text()).not.toContain('landing-banners');
  });
});
