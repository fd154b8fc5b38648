import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Paths the api answers itself; everything else that is a GET belongs to the web app. */
const SERVER_PATHS = /^\/(cuviewTV|share|tracker|healthz|readyz|metrics)(\/|$|\?)/;

function listFiles(dir: string, base = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    const url = `${base}/${name}`;
    return statSync(full).isDirectory() ? listFiles(full, url) : [url];
  });
}

/**
 * Serves the built SPA from the api's own address: hashed assets with long cache headers, and
 * index.html for every client-side route (/home, /myPlaylists, ...).
 */
export async function serveWebApp(app: NestFastifyApplication, distDir: string | undefined): Promise<void> {
  if (!distDir || !existsSync(path.join(distDir, 'index.html'))) return;
  const files = new Set(listFiles(distDir));
  const indexHtml = readFileSync(path.join(distDir, 'index.html'));
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
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    });
}
