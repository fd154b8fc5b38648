import { describe, expect, it } from '@jest/globals';
import { AnswerCache } from './answer-cache.js';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function liveCache(maxBytes = 10_000, clock = { now: 0 }): AnswerCache {
  const cache = new AnswerCache({ maxBytes, maxAgeMs: 1000 }, () => clock.now);
  cache.resume();
  return cache;
}

describe('AnswerCache', () => {
  it('answers a stored value without loading again', async () => {
    const cache = liveCache();
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await cache.get('a', load)).toEqual({ n: 1 });
    expect(await cache.get('a', load)).toEqual({ n: 1 });
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 1, misses: 1 });
  });

  it('stores nothing and always loads while not listening for changes', async () => {
    const cache = new AnswerCache({ maxBytes: 10_000, maxAgeMs: 1000 });
    let loads = 0;
    await cache.get('a', async () => ++loads);
    await cache.get('a', async () => ++loads);
    expect(loads).toBe(2);
    cache.resume();
    await cache.get('a', async () => ++loads);
    cache.suspend();
    expect(cache.stats()).toMatchObject({ entries: 0, live: false });
  });

  it('does not store an answer whose read began before a change it finished after', async () => {
    const cache = liveCache();
    const slow = deferred<string>();
    const started = deferred<void>();
    const stale = cache.get('a', () => (started.resolve(), slow.promise));
    await started.promise;
    cache.invalidate('*');
    slow.resolve('old');
    expect(await stale).toBe('old');
    expect(await cache.get('a', async () => 'new')).toBe('new');
  });

  it('shares one read between callers, but not across a change', async () => {
    const cache = liveCache();
    const first = deferred<string>();
    const started = deferred<void>();
    let loads = 0;
    const a = cache.get('a', () => (loads++, started.resolve(), first.promise));
    await started.promise;
    const b = cache.get('a', async () => (loads++, 'unused'));
    await new Promise((resolve) => setImmediate(resolve)); // b has joined a's read
    cache.invalidate('a');
    const c = cache.get('a', async () => (loads++, 'after'));
    first.resolve('before');
    expect([await a, await b, await c]).toEqual(['before', 'before', 'after']);
    expect(loads).toBe(2);
  });

  it('drops only the named entry for a scoped change, everything for *', async () => {
    const cache = liveCache();
    await cache.get('playlist:1', async () => 1);
    await cache.get('playlist:2', async () => 2);
    cache.invalidate('playlist:1');
    expect(cache.stats().entries).toBe(1);
    cache.invalidate('*');
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('evicts the least recently used answers to stay within its budget', async () => {
    const cache = liveCache(800);
    const value = 'x'.repeat(80);
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) await cache.get(key, async () => value);
    await cache.get('a', async () => 'reloaded');
    for (const key of ['i', 'j']) await cache.get(key, async () => value);
    const stats = cache.stats();
    expect(stats.bytes).toBeLessThanOrEqual(800);
    expect(await cache.get('a', async () => 'evicted')).toBe(value);
    expect(await cache.get('b', async () => 'evicted')).toBe('evicted');
  });

  it('never stores an answer larger than an eighth of the budget', async () => {
    const cache = liveCache(800);
    await cache.get('big', async () => 'x'.repeat(200));
    expect(cache.stats().entries).toBe(0);
  });

  it('forgets answers older than the maximum age', async () => {
    const clock = { now: 0 };
    const cache = liveCache(10_000, clock);
    await cache.get('a', async () => 'first');
    clock.now = 1500;
    expect(await cache.get('a', async () => 'second')).toBe('second');
  });

  it('does not store failures, and freezes what it shares', async () => {
    const cache = liveCache();
    await expect(cache.get('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const value = await cache.get('a', async () => ({ list: [{ id: 1 }] }));
    expect(Object.isFrozen(value.list[0])).toBe(true);
  });

  it('stores nothing when its budget is 0', async () => {
    const cache = new AnswerCache({ maxBytes: 0, maxAgeMs: 1000 });
    cache.resume();
    await cache.get('a', async () => 1);
    expect(cache.enabled).toBe(false);
    expect(cache.stats().entries).toBe(0);
  });
});
