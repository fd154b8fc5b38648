import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { LoggerService } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { signTestAccessToken, startTestApi, uniqueRedisPrefix, type TestApi } from '@app/testing';
import { createApiApp } from '../bootstrap.js';

/** Every line the api logs, with its level. */
class CapturingLogger implements LoggerService {
  readonly lines: { level: string; text: string }[] = [];
  private add(level: string, message: unknown, rest: unknown[]): void {
    this.lines.push({ level, text: [message, ...rest].map(String).join(' ') });
  }
  log = (message: unknown, ...rest: unknown[]) => this.add('log', message, rest);
  error = (message: unknown, ...rest: unknown[]) => this.add('error', message, rest);
  warn = (message: unknown, ...rest: unknown[]) => this.add('warn', message, rest);
  debug = (message: unknown, ...rest: unknown[]) => this.add('debug', message, rest);
  verbose = (message: unknown, ...rest: unknown[]) => this.add('verbose', message, rest);
}

describe('a client that goes away', () => {
  let api: TestApi;
  const logger = new CapturingLogger();

  beforeAll(async () => {
    api = await startTestApi(createApiApp, { REDIS_PREFIX: uniqueRedisPrefix() });
    api.app.useLogger(logger);
  });
  afterAll(async () => api?.close());

  it('is not logged as an error, nor with a stack trace, when it cancels an analysis', async () => {
    const db = api.app.get(DataSource);
    const [user] = await db.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, is_active) VALUES ('gone@b.co', 'x', 'Ann', 'Lee', true) RETURNING id`,
    );
    const [{ id: video }] = await db.query(
      `INSERT INTO videos (title, status, duration, yt_link, hls_master_key, processing_state) VALUES ('Live', 1, 125, '', 'hls/2026/11/x/master.m3u8', 'ready') RETURNING id`,
    );
    const token = signTestAccessToken(user.id, api.config.JWT_SECRET);
    // No worker runs here: the analysis waits until the person closes the request.
    await expect(
      api.request(`/cuviewTV/get_analyze_info/${video}/40/40/`, { token, signal: AbortSignal.timeout(1000) }),
    ).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(logger.lines.filter((line) => line.level === 'error')).toEqual([]);
    expect(logger.lines.filter((line) => /\n\s+at /.test(line.text))).toEqual([]);
  });
});
