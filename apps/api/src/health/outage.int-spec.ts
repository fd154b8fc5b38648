import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { loadConfig } from '@app/config';
import {
  createTestDatabase,
  serviceUrls,
  startTcpProxy,
  TestFactories,
  uniqueRedisPrefix,
  type TcpProxy,
} from '@app/testing';
import { createApiApp } from '../bootstrap.js';
import { PasswordHasher } from '@app/common';

/**
 * DESIGN.md §2.3 and §7: a dependency outage answers 503 {"message"} on every kind of endpoint,
 * never a 401 that makes a client drop its tokens, and the api is back by itself once the
 * dependency is. Postgres and Redis are the real shared servers, reached through TCP relays
 * the test cuts and restores.
 */
describe('dependency outages', () => {
  let app: NestFastifyApplication;
  let baseUrl: string;
  let pgProxy: TcpProxy;
  let redisProxy: TcpProxy;
  let dropDatabase: () => Promise<void>;
  let storageDir: string;
  let access: string;
  let refresh: string;
  const email = 'outage@example.com';
  const password = 'correct horse battery';

  const call = (route: string, init: { token?: string; json?: unknown } = {}) =>
    fetch(baseUrl + route, {
      method: init.json === undefined ? 'GET' : 'POST',
      headers: {
        ...(init.token ? { authorization: `JWT ${init.token}` } : {}),
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      signal: AbortSignal.timeout(15_000),
    });

  /** Milliseconds until `route` answers 200 again, polling every 100 ms (fails after 10 s). */
  async function timeUntilOk(route: string, token?: string): Promise<number> {
    const started = Date.now();
    for (;;) {
      const response = await call(route, { token }).catch(() => undefined);
      if (response?.status === 200) return Date.now() - started;
      if (Date.now() - started > 10_000) throw new Error(`${route} still answers ${response?.status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function expectOutage(response: Response): Promise<void> {
    expect(response.status).toBe(503);
    const body = (await response.json()) as { message?: unknown; code?: unknown };
    expect(typeof body.message).toBe('string');
    expect(body.code).toBeUndefined();
  }

  beforeAll(async () => {
    const services = serviceUrls();
    const database = await createTestDatabase();
    dropDatabase = database.drop;
    pgProxy = await startTcpProxy(services.databaseUrl);
    redisProxy = await startTcpProxy(services.redisUrl);
    storageDir = await mkdtemp(path.join(tmpdir(), 'cuview-outage-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: pgProxy.through(database.url),
      REDIS_URL: redisProxy.through(services.redisUrl),
      REDIS_PREFIX: uniqueRedisPrefix(),
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256!',
      STORAGE_DIR: storageDir,
      // Every public read goes to Postgres, so the outage is seen (the cache has its own tests).
      CATALOGUE_CACHE_MB: '0',
      PORT: '0',
    });
    app = await createApiApp(config, { logger: false });
    await app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;

    const db = app.get(DataSource);
    const user = await new TestFactories(db).user({ email });
    await db.query('UPDATE users SET password_hash = $1 WHERE id = $2', [
      await app.get(PasswordHasher).hash(password),
      user.id,
    ]);
    const login = await call('/cuviewTV/auth/jwt/create/', { json: { email, password } });
    expect(login.status).toBe(200);
    ({ access, refresh } = (await login.json()) as { access: string; refresh: string });
  });

  afterAll(async () => {
    pgProxy?.restore();
    redisProxy?.restore();
    // Bounded: after a Redis cut, AnalysisService's QueueEvents.disconnect() can stall
    // shutdown (found here, reported; that module is not this change's to edit).
    await Promise.race([app?.close(), new Promise((resolve) => setTimeout(resolve, 8000))]);
    await pgProxy?.close();
    await redisProxy?.close();
    await dropDatabase?.();
    await rm(storageDir, { recursive: true, force: true });
  });

  it('answers 503 (not 401 or 500) everywhere while Postgres is cut, and 200 within 5 s of its return', async () => {
    expect((await call('/cuviewTV/auth/users/me/', { token: access })).status).toBe(200);
    pgProxy.cut();
    try {
      // Signed-in: the token is fine, the database is not; a 401 here would sign the person out.
      await expectOutage(await call('/cuviewTV/auth/users/me/', { token: access }));
      await expectOutage(await call('/cuviewTV/get_user_playlists/', { token: access }));
      // The save checks its account in its own statement (AccessTokenGuard): the same 503.
      await expectOutage(
        await call('/cuviewTV/save_positions/', { token: access, json: { positions: [{ video_id: 1, position: 5 }] } }),
      );
      // Public catalogue, anonymous and with a token.
      await expectOutage(await call('/cuviewTV/get_groups/'));
      await expectOutage(await call('/cuviewTV/get_categories/', { token: access }));
      // Auth endpoints: the refresh token is not "not valid" because the database is away.
      await expectOutage(await call('/cuviewTV/auth/jwt/refresh/', { json: { refresh } }));
      await expectOutage(await call('/cuviewTV/auth/jwt/verify/', { json: { token: access } }));
      await expectOutage(await call('/cuviewTV/auth/jwt/create/', { json: { email, password } }));
      const ready = await call('/readyz');
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { message: string }).message).toMatch(/Postgres/);
    } finally {
      pgProxy.restore();
    }
    const recovery = await timeUntilOk('/cuviewTV/auth/users/me/', access);
    expect(recovery).toBeLessThan(5000);
    expect((await call('/cuviewTV/get_groups/')).status).toBe(200);
    // The refresh token tried during the outage was not spent by it.
    const refreshed = await call('/cuviewTV/auth/jwt/refresh/', { json: { refresh } });
    expect(refreshed.status).toBe(200);
    expect((await call('/readyz')).status).toBe(200);
  });

  it('is not ready while Redis is cut, names it, and is ready again within 5 s of its return', async () => {
    expect((await call('/readyz')).status).toBe(200);
    redisProxy.cut();
    try {
      const ready = await call('/readyz');
      expect(ready.status).toBe(503);
      const { message } = (await ready.json()) as { message: string };
      expect(message).toMatch(/Redis/);
      expect(message).not.toMatch(/Postgres|Storage/);
      // Reads that do not need Redis keep working.
      expect((await call('/cuviewTV/auth/users/me/', { token: access })).status).toBe(200);
    } finally {
      redisProxy.restore();
    }
    expect(await timeUntilOk('/readyz')).toBeLessThan(5000);
  });
});
