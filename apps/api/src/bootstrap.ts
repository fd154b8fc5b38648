import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '@app/config';
import { AppModule } from './app.module.js';
import { clientErrorOptions, createValidationPipe, HttpExceptionFilter, registerRequestShapeChecks } from '@app/common';
import { API_PREFIX } from './api-prefix.js';
import { registerSecurityHeaders, securityHeaders } from './common/security-headers.js';
import { CatalogueService } from './catalogue/catalogue.service.js';
import { serveApiDocs } from './docs/api-docs.js';
import { serveWebApp } from './web/web-app.js';

/** The SPA and hls.js load media from the same origin; inline styles are used by React. */
const CSP_DIRECTIVES: Record<string, string[]> = {
  defaultSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  mediaSrc: ["'self'", 'blob:', 'https:'],
  connectSrc: ["'self'", 'https:'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  frameSrc: ['https:'],
  scriptSrc: ["'self'", 'https:'],
};

/** Builds the api application; main.ts listens on the configured port, tests on port 0. */
export async function createApiApp(
  config: AppConfig,
  options: { logger?: false; preview?: boolean } = {},
): Promise<NestFastifyApplication> {
  const headers = securityHeaders({
    contentSecurityPolicy: { directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
  });
  const adapter = new FastifyAdapter({
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 12000 },
    // A malformed URL (/get_groups/%FF) is refused by the router before any hook or Nest filter:
    // it gets the security headers and the {"message"} shape here. A request Node's parser
    // refuses (a bad Content-Length) has no reply at all; it is answered on the socket.
    ...clientErrorOptions((request, reply, answer) => headers(request.raw, reply.raw, answer)),
    bodyLimit: 1024 * 1024,
    // Shutdown must not wait out a keep-alive socket whose request the client abandoned (a
    // cancelled get_analyze_info held close() for the 72 s keep-alive timeout). Replicas sit
    // behind a load balancer that drains them before SIGTERM.
    forceCloseConnections: true,
    trustProxy: config.TRUST_PROXY,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger: options.logger ?? ['error', 'warn', 'log'],
    bufferLogs: false,
    // Preview builds the module graph without creating providers (no database, no Redis):
    // enough for the OpenAPI document (openapi.ts).
    preview: options.preview ?? false,
  });
  // NUL bytes and deep nesting are refused before any guard, pipe or handler (issue 13).
  registerRequestShapeChecks(app.getHttpAdapter().getInstance());
  registerSecurityHeaders(app.getHttpAdapter().getInstance(), headers);
  await serveApiDocs(app, CSP_DIRECTIVES);
  const origins = [config.PUBLIC_URL, ...(config.CORS_ORIGINS?.split(',').map((o) => o.trim()) ?? [])];
  app.enableCors({ origin: origins, credentials: false });
  app.setGlobalPrefix(API_PREFIX, { exclude: ['healthz', 'readyz', 'metrics', 'share/{*path}', 'tracker/{*path}'] });
  app.useGlobalFilters(new HttpExceptionFilter());
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();
  await serveWebApp(app, config.WEB_DIST_DIR, { banners: () => app.get(CatalogueService).bannerVideos() });
  return app;
}
