import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfig, type AppConfig } from '@app/config';
import { createTestDatabase, serviceUrls } from './services.js';

export interface TestApi {
  app: NestFastifyApplication;
  config: AppConfig;
  baseUrl: string;
  databaseUrl: string;
  /** fetch against the running api; path is relative to the host (e.g. '/cuviewTV/get_groups/'). */
  request: (path: string, init?: RequestInit & { json?: unknown; token?: string }) => Promise<Response>;
  close: () => Promise<void>;
}

/**
 * Boots the real api on a random port over a fresh database cloned from the migrated template.
 * Fastify's inject() does not work under Jest's ESM mode, so tests use listen(0) + fetch.
 */
export async function startTestApi(
  createApp: (config: AppConfig, options: { logger?: false }) => Promise<NestFastifyApplication>,
  env: Record<string, string> = {},
): Promise<TestApi> {
  const database = await createTestDatabase();
  const { redisUrl } = serviceUrls();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256!',
    PORT: '0',
    ...env,
  });
  const app = await createApp(config, { logger: false });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    app,
    config,
    baseUrl,
    databaseUrl: database.url,
    request: (path, init = {}) => {
      const { json, token, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (json !== undefined) headers.set('content-type', 'application/json');
      if (token) headers.set('authorization', `JWT ${token}`);
      return fetch(baseUrl + path, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body });
    },
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
