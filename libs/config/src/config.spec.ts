import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from './config.js';

const base = { JWT_SECRET: 'x'.repeat(32), DATABASE_URL: 'postgres://db/cuview', REDIS_URL: 'redis://cache:6379' };

describe('settings from the environment', () => {
  it('reads numbers and falls back to the default for an empty value', () => {
    const config = loadConfig({ ...base, PORT: '8080', TRACKER_PORT: '' });
    expect(config.PORT).toBe(8080);
    expect(config.TRACKER_PORT).toBe(3100);
  });

  it('names every variable to fix, the rules across variables included', () => {
    const attempt = () => loadConfig({ JWT_SECRET: 'short', PORT: 'eighty', STORAGE_DRIVER: 's3' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/JWT_SECRET: must be at least 32 characters/);
    expect(attempt).toThrow(/PORT: /);
    expect(attempt).toThrow(/S3_BUCKET, S3_ENDPOINT: required when STORAGE_DRIVER=s3/);
  });
});
