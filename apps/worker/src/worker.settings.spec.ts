import { describe, expect, it } from '@jest/globals';
import { loadWorkerSettings } from './worker.settings.js';

describe('worker settings', () => {
  it('reads its own variables by the shared rules, an empty value meaning the default', () => {
    const settings = loadWorkerSettings({
      JWT_SECRET: 'x'.repeat(32),
      WORKER_LOCK_DURATION_MS: '',
      WORKER_STALLED_INTERVAL_MS: '1500',
    });
    expect(settings.WORKER_LOCK_DURATION_MS).toBe(10_000);
    expect(settings.WORKER_STALLED_INTERVAL_MS).toBe(1500);
    expect(settings).not.toHaveProperty('JWT_SECRET');
  });

  it('names the variable to fix', () => {
    expect(() => loadWorkerSettings({ WORKER_LOCK_DURATION_MS: '10' })).toThrow(/WORKER_LOCK_DURATION_MS: /);
  });
});
