import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { DataSource } from 'typeorm';
import { startTestApi, TestFactories, uniqueRedisPrefix, type TestApi } from '@app/testing';
import { createApiApp } from '../../bootstrap.js';

// Answers are checked field by field with expect(); declaring each shape again adds nothing.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Answer = any;

export async function read(response: Response): Promise<Answer> {
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

export interface AdminTestKit {
  api: TestApi;
  storageDir: string;
  spoolDir: string;
  db: DataSource;
  staffToken: string;
  viewerToken: string;
  /** fetch as staff; `json` bodies are sent as JSON. */
  staff: (path: string, init?: RequestInit & { json?: unknown }) => Promise<Response>;
  /** Staff call answering status and parsed body. */
  call: (path: string, init?: RequestInit & { json?: unknown }) => Promise<{ status: number; body: Answer }>;
  close: () => Promise<void>;
}

/** A user straight in the database (the shared test factories); answers its id. */
export async function createUser(db: DataSource, staff: boolean): Promise<number> {
  return (await new TestFactories(db).user({ isStaff: staff })).id;
}

/**
 * The real api on a fresh database with a staff user and a viewer, queues under a Redis
 * prefix of their own and storage in a temporary folder.
 */
export async function startAdminKit(
  env: Record<string, string> = {},
  createApp: Parameters<typeof startTestApi>[0] = createApiApp,
): Promise<AdminTestKit> {
  const storageDir = `/tmp/cuview-test-storage/${randomUUID()}`;
  const api = await startTestApi(createApp, {
    REDIS_PREFIX: uniqueRedisPrefix(),
    STORAGE_DIR: storageDir,
    UPLOAD_TMP_DIR: `${storageDir}-spool`,
    ...env,
  });
  const db = api.app.get(DataSource);
  const factories = new TestFactories(db, api.config.JWT_SECRET);
  const staffToken = factories.token(await factories.user({ isStaff: true }), 3600);
  const viewerToken = factories.token(await factories.user(), 3600);
  return {
    api,
    storageDir,
    spoolDir: `${storageDir}-spool`,
    db,
    staffToken,
    viewerToken,
    staff: (path, init = {}) => api.request(path, { ...init, token: staffToken }),
    call: async (path, init = {}) => {
      const response = await api.request(path, { ...init, token: staffToken });
      return { status: response.status, body: await read(response) };
    },
    close: async () => {
      await api.close();
      await rm(storageDir, { recursive: true, force: true });
      await rm(`${storageDir}-spool`, { recursive: true, force: true });
    },
  };
}
