import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Logger } from '@nestjs/common';
import { ImageKind } from '@app/contracts';
import { imagePath } from '../api-prefix.js';

/** Paths the api answers itself; everything else that is a GET belongs to the web app. */
const SERVER_PATHS = /^\/(cuviewTV|share|tracker|healthz|readyz|metrics)(\/|$|\?)/;

/**
 * Paths that name a file rather than a screen: the build's assets and root files such as
 * /robots.txt, /sitemap.xml or /favicon.ico. One the build did not write answers 404, not the
 * page: a crawler would read the page as its robots.txt, and a tab still running an older build
 * would get HTML for a script it asks for. Screens have no dot in their first segment (a
 * playlist's title, further down the path, may).
 */
const FILE_PATHS = /^\/(assets\/|[^/]*\.[A-Za-z0-9]+$)/;

function listFiles(dir: string, base = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    const url = `${base}/${name}`;
    return statSync(full).isDirectory() ? listFiles(full, url) : [url];
  });
}

/** What the landing page paints first, written into the HTML of `/` (see landingHtml). */
export interface LandingData {
  /** get_videos_for_banner's answer. */
  banners(): Promise<readonly { video_id: number }[]>;
}

/** Id of the JSON island holding the banners (read by web/src/features/catalogue). */
export const LANDING_BANNERS_ID = 'landing-banners';

/**
 * index.html for `/` with the hero's data inside: the banners as a JSON island (`type`
 * application/json is never executed, and `<` is escaped so no value can close the tag) and a
 * high-priority preload of the first banner's poster. The hero then paints with the app's first
 * render, its picture already on the way, instead of after the script, an api round trip and
 * the picture's own download one after another.
 */
export function landingHtml(
  indexHtml: string,
  banners: readonly {
    video_id: number;
    images?: { 600: string } | null;
    banner_images?: { 600: string } | null;
  }[],
): string {
  const head: string[] = [];
  const first = banners[0];
  if (first && Number.isSafeInteger(first.video_id)) {
    // The address the hero will ask for: the banner's own picture, else the versioned one of the
    // video its answer carries (none when the video has no picture, so nothing to preload), the
    // unversioned one for older answers.
    const poster =
      first.banner_images?.[600] ??
      (first.images === undefined ? imagePath(ImageKind.Video, first.video_id, 600) : first.images?.[600]);
    if (poster) head.push(`<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(poster)}">`);
  }
  const json = JSON.stringify(banners).replace(/</g, '\\u003c');
  head.push(`<script type="application/json" id="${LANDING_BANNERS_ID}">${json}</script>`);
  return indexHtml.replace('</head>', `${head.join('')}</head>`);
}

/**
 * Serves the built SPA from the api's own address: hashed assets with long cache headers, and
 * index.html for every client-side route (/home, /myPlaylists, ...), for `/` with the landing
 * data written in when `landing` is given.
 */
export async function serveWebApp(
  app: NestFastifyApplication,
  distDir: string | undefined,
  landing?: LandingData,
): Promise<void> {
  if (!distDir || !existsSync(path.join(distDir, 'index.html'))) return;
  const files = new Set(listFiles(distDir));
  const indexHtml = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const log = new Logger('WebApp');
  const pageFor = async (pathname: string): Promise<string> => {
    if (pathname !== '/' || !landing) return indexHtml;
    try {
      return landingHtml(indexHtml, await landing.banners());
    } catch (error) {
      // The page still works: the hero asks for its banners itself.
      log.warn(`landing page served without its banners: ${error instanceof Error ? error.message : String(error)}`);
      return indexHtml;
    }
  };
  await app.register(fastifyStatic as never, {
    root: distDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each script and style sheet (web/vite.config.ts).
    preCompressed: true,
    setHeaders: (reply: FastifyReply, filePath: string) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const pathname = request.url.split('?')[0];
      if (SERVER_PATHS.test(request.url) || files.has(pathname)) return;
      if (FILE_PATHS.test(pathname!)) {
        return reply
          .code(404)
          .header('cache-control', 'no-cache')
          .type('text/plain; charset=utf-8')
          .send('Not found\n');
      }
      const html = await pageFor(pathname!);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    });
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
