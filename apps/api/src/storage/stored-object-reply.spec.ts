import { describe, expect, it } from '@jest/globals';
import { etagMatches, parseRange, planObjectAnswer } from './stored-object-reply.js';

describe('parseRange', () => {
  it('reads one bytes=start-[end] range', () => {
    expect(parseRange(undefined)).toBeNull();
    expect(parseRange('')).toBeNull();
    expect(parseRange('bytes=10-19')).toEqual({ start: 10, end: 19 });
    expect(parseRange(' bytes=10- ')).toEqual({ start: 10, end: undefined });
  });

  it.each([
    'bytes=-500',
    'bytes=-',
    'bytes=20-10',
    'bytes=1-2,4-5',
    'items=1-2',
    'bytes=1e3-',
    'bytes=99999999999999999999-',
  ])('calls %j invalid', (header) => {
    expect(parseRange(header)).toBe('invalid');
  });
});

describe('etagMatches', () => {
  it('matches the tag itself, one of a list, a weak form of it and *', () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", "abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('*', '"abc"')).toBe(true);
  });

  it('does not match another tag or nothing', () => {
    expect(etagMatches(undefined, '"abc"')).toBe(false);
    expect(etagMatches('"abd"', '"abc"')).toBe(false);
    expect(etagMatches('abc', '"abc"')).toBe(false);
  });
});

describe('planObjectAnswer', () => {
  const info = { etag: '"v1"', size: 1000 };

  it('answers 304 on a matching ETag before looking at the Range', () => {
    expect(planObjectAnswer(info, { ifNoneMatch: '"v1"', range: 'bytes=5000-' })).toEqual({ status: 304 });
  });

  it('answers the whole object without a Range, and 206 with the clamped range', () => {
    expect(planObjectAnswer(info, {})).toEqual({ status: 200 });
    expect(planObjectAnswer(info, { ifNoneMatch: '"v0"' })).toEqual({ status: 200 });
    expect(planObjectAnswer(info, { range: 'bytes=10-19' })).toEqual({ status: 206, range: { start: 10, end: 19 } });
    expect(planObjectAnswer(info, { range: 'bytes=990-5000' })).toEqual({
      status: 206,
      range: { start: 990, end: 999 },
    });
    expect(planObjectAnswer(info, { range: 'bytes=500-' })).toEqual({ status: 206, range: { start: 500, end: 999 } });
  });

  it('answers 416 for a range past the end, a malformed range and any range of an empty object', () => {
    expect(planObjectAnswer(info, { range: 'bytes=1000-' })).toEqual({ status: 416 });
    expect(planObjectAnswer(info, { range: 'bytes=5000-6000' })).toEqual({ status: 416 });
    expect(planObjectAnswer(info, { range: 'bytes=-5' })).toEqual({ status: 416 });
    expect(planObjectAnswer({ etag: '"e"', size: 0 }, { range: 'bytes=0-' })).toEqual({ status: 416 });
  });
});
