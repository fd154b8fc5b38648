import { describe, expect, it } from '@jest/globals';
import { StorageKeyError } from '../errors.js';
import { assertValidKey, newStorageKey, newStoragePrefix } from './keys.js';
import { contentTypeForKey, resolveRange } from './storage.js';

describe('storage keys', () => {
  it('generates keys under the kind with a random name and the extension', () => {
    const a = newStorageKey('images', 'webp');
    expect(a).toMatch(/^images\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.webp$/);
    expect(newStorageKey('images', 'webp')).not.toBe(a);
    expect(() => assertValidKey(a)).not.toThrow();
    expect(newStoragePrefix('hls')).toMatch(/^hls\/\d{4}\/\d{2}\/[0-9a-f-]{36}\/$/);
  });

  it('refuses an extension taken from a client file name', () => {
    expect(() => newStorageKey('images', 'php/../x')).toThrow(StorageKeyError);
  });

  it.each([
    ['', 'empty'],
    ['../etc/passwd', 'parent'],
    ['images/../../etc/passwd', 'parent inside'],
    ['/etc/passwd', 'absolute'],
    ['images//a.jpg', 'empty segment'],
    ['images/a\0.jpg', 'NUL'],
    ['images\\a.jpg', 'backslash'],
    ['images/.hidden', 'dot file'],
    ['images/a b.jpg', 'space'],
    ['images/ä.jpg', 'non-ASCII'],
    [`images/${'a'.repeat(600)}.jpg`, 'over-long'],
  ])('refuses %j (%s)', (key) => {
    expect(() => assertValidKey(key)).toThrow(StorageKeyError);
  });

  it('wants prefixes to end with a slash', () => {
    expect(() => assertValidKey('hls/2025/06/abc/', 'prefix')).not.toThrow();
    expect(() => assertValidKey('hls/2025/06/abc', 'prefix')).toThrow(StorageKeyError);
    expect(() => assertValidKey('../', 'prefix')).toThrow(StorageKeyError);
  });
});

describe('storage helpers', () => {
  it('knows the content types of what the pipeline writes', () => {
    expect(contentTypeForKey('hls/x/master.m3u8')).toBe('application/vnd.apple.mpegurl');
    expect(contentTypeForKey('hls/x/720p/seg_00001.m4s')).toBe('video/iso.segment');
    expect(contentTypeForKey('excerpts/x.m4a')).toBe('audio/mp4');
    expect(contentTypeForKey('x.unknown')).toBe('application/octet-stream');
  });

  it('clamps ranges like HTTP and refuses ranges past the end', () => {
    expect(resolveRange(undefined, 100)).toEqual({ start: 0, end: 99 });
    expect(resolveRange({ start: 10 }, 100)).toEqual({ start: 10, end: 99 });
    expect(resolveRange({ start: 10, end: 1000 }, 100)).toEqual({ start: 10, end: 99 });
    expect(resolveRange({ start: 100 }, 100)).toBeUndefined();
    expect(resolveRange({ start: 20, end: 10 }, 100)).toBeUndefined();
  });
});
