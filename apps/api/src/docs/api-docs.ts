import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { apiReference } from '@scalar/nestjs-api-reference';
import type { ServerResponse } from 'node:http';
import { API_PREFIX } from '../api-prefix.js';
import { securityHeaders, type SecurityHeadersConfig } from '../common/security-headers.js';

export const OPENAPI_PATH = `/${API_PREFIX}/openapi.json`;
export const API_DOCS_PATH = `/${API_PREFIX}/docs`;
/** Scalar's browser bundle, served from our own origin: the page works offline and under our CSP. */
export const API_DOCS_SCRIPT_PATH = `/${API_PREFIX}/docs/scalar.js`;

/**
 * The committed document (`npm run openapi` writes it): the repository root from the sources,
 * the image's /app beside dist/ from the build.
 */
function openApiFile(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../../..'), path.resolve(here, '../../../../..')].map((root) =>
    path.join(root, 'openapi', 'openapi.json'),
  );
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error(`openapi/openapi.json not found (looked at ${candidates.join(', ')})`);
  return found;
}

/** The Scalar reference page (a static page: the same HTML on every request). */
function renderReferencePage(): string {
  let html = '';
  const sink = {
    writeHead: () => sink,
    write: (chunk: string) => (html += chunk),
    end: () => undefined,
  } as unknown as ServerResponse;
  const handler = apiReference({
    url: OPENAPI_PATH,
    pageTitle: 'CUVIEW TV API',
    cdn: API_DOCS_SCRIPT_PATH,
    withFastify: true,
  }) as (request: unknown, response: ServerResponse) => void;
  handler(undefined, sink);
  return html;
}

/**
 * Serves the committed OpenAPI document and an interactive reference (Scalar) built from it,
 * so integrators read the same document the web client's types come from. The reference page
 * loads Scalar's bundle (`@scalar/api-reference`, served by us, not from a CDN) and starts it
 * with one inline script; that script is allowed by its hash on this route only, the rest of
 * the site keeps helmet's policy.
 */
export async function serveApiDocs(app: NestFastifyApplication, directives: Record<string, string[]>): Promise<void> {
  const document = await readFile(openApiFile(), 'utf8');
  const page = renderReferencePage();
  const inline = [...page.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).filter(Boolean);
  const hashes = inline.map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`);
  const fastify = app.getHttpAdapter().getInstance();

  const bundle = await readFile(createRequire(import.meta.url).resolve('@scalar/api-reference/browser/standalone.js'));
  fastify.get(API_DOCS_SCRIPT_PATH, (_request, reply) => {
    void reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(bundle);
  });
  fastify.get(OPENAPI_PATH, (_request, reply) => {
    void reply.type('application/json; charset=utf-8').send(document);
  });
  fastify.get(
    API_DOCS_PATH,
    {
      config: {
        securityHeaders: securityHeaders({
          contentSecurityPolicy: {
            directives: { ...directives, scriptSrc: [...(directives.scriptSrc ?? ["'self'"]), ...hashes] },
          },
          crossOriginEmbedderPolicy: false,
        }),
      } satisfies SecurityHeadersConfig,
    },
    (_request, reply) => {
      void reply.type('text/html; charset=utf-8').send(page);
    },
  );
}
