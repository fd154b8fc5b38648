/**
 * Time to first frame: the real api serves an HLS ladder from its local storage, and Debian
 * Chromium (playwright-core) plays it with hls.js from a page the api serves too. Every load is
 * cold: a new browser context, so nothing is cached. Measured from navigation start to the
 * first video frame the page is handed (requestVideoFrameCallback). The page plays with the
 * web player's own hls.js settings.
 */
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@app/config';
import { generateTestVideo, probeMedia, transcodeHlsLadder } from '@app/media';
import { createApiApp } from '../../apps/api/src/bootstrap.js';
import { launchChromium } from '../../test/support/chromium.mjs';
import { HLS_CONFIG } from '../../web/src/components/player/hls-config.js';
import { percentile } from '../lib/percentile.js';

const LADDER_KEY = 'hls/bench/first-frame';

// An external script, not an inline one: the api's Content-Security-Policy allows 'self' only.
const PAGE_SCRIPT = `
const video = document.querySelector('video');
const hls = new Hls(${JSON.stringify(HLS_CONFIG)});
video.requestVideoFrameCallback(() => { window.firstFrameMs = performance.now(); });
video.addEventListener('error', () => { window.playError = String(video.error && video.error.message); });
hls.on(Hls.Events.ERROR, (_e, data) => { if (data.fatal) window.playError = data.details; });
hls.loadSource('/cuviewTV/media/${LADDER_KEY}/master.m3u8');
hls.attachMedia(video);
hls.on(Hls.Events.MANIFEST_PARSED, () => video.play().catch((e) => { window.playError = String(e); }));
`;

const PAGE = `<!doctype html><meta charset="utf-8"><title>first frame</title>
<video muted playsinline width="640" height="360"></video>
<script src="/hls.min.js"></script><script src="/first-frame.js"></script>`;

/** What the page leaves on its window (this file is compiled without the DOM library). */
declare const window: { firstFrameMs?: number; playError?: string };

export interface FirstFrameResult {
  loads: number[];
  p50: number;
  p95: number;
}

export async function measureFirstFrame(loads = 20): Promise<FirstFrameResult> {
  const work = await mkdtemp(join(tmpdir(), 'cuview-first-frame-'));
  const storage = join(work, 'storage');
  const site = join(work, 'site');
  const app = await (async () => {
    // A demo-sized video: 30 s at 720p, through the real ladder.
    const source = join(work, 'source.mp4');
    await generateTestVideo(source, { width: 1280, height: 720, seconds: 30, noise: 4 });
    const probe = await probeMedia(source, 'video');
    await transcodeHlsLadder({ source, probe, outputDir: join(storage, LADDER_KEY) });

    await mkdir(site, { recursive: true });
    await writeFile(join(site, 'index.html'), PAGE);
    await writeFile(join(site, 'first-frame.js'), PAGE_SCRIPT);
    const hlsJs = createRequire(import.meta.url).resolve('hls.js/dist/hls.min.js');
    await copyFile(hlsJs, join(site, 'hls.min.js'));

    const config = loadConfig({
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
      STORAGE_DRIVER: 'local',
      STORAGE_DIR: storage,
      WEB_DIST_DIR: site,
      PORT: '0',
    });
    const api = await createApiApp(config, { logger: false });
    await api.listen(0, '127.0.0.1');
    return api;
  })();

  const { port } = app.getHttpServer().address() as { port: number };
  const browser = await launchChromium();
  const times: number[] = [];
  try {
    for (let i = 0; i < loads; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${port}/`);
      const handle = await page.waitForFunction(() => window.firstFrameMs ?? null, undefined, {
        timeout: 15_000,
        polling: 10,
      });
      const error = await page.evaluate(() => window.playError);
      if (error) throw new Error(`playback failed: ${error}`);
      times.push((await handle.jsonValue()) as number);
      await context.close();
    }
  } finally {
    await browser.close();
    await app.close();
    await rm(work, { recursive: true, force: true });
  }
  return { loads: times, p50: percentile(times, 50), p95: percentile(times, 95) };
}
