import { describe, expect, it } from 'vitest';
import { formatDuration, initials, mergeNames } from './format';

describe('formatDuration (h:mm:ss, whole seconds)', () => {
  it.each([
    [0, '0:00:00'],
    [5, '0:00:05'],
    [59.4, '0:00:59'],
    [59.5, '0:01:00'],
    [61, '0:01:01'],
    [245.3, '0:04:05'],
    [600, '0:10:00'],
    [3599.6, '1:00:00'],
    [3661, '1:01:01'],
    [36000 + 62, '10:01:02'],
  ])('%s s -> %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('shows 0:00:00 for missing or bad values', () => {
    expect(formatDuration(undefined)).toBe('0:00:00');
    expect(formatDuration(null)).toBe('0:00:00');
    expect(formatDuration(Number.NaN)).toBe('0:00:00');
    expect(formatDuration(-4)).toBe('0:00:00');
  });
});

describe('mergeNames', () => {
  it('merges artists and composers without duplicates, keeping first spelling', () => {
    expect(mergeNames('Anna Netrebko, Berliner Philharmoniker', 'Mozart, anna netrebko')).toBe(
      'Anna Netrebko, Berliner Philharmoniker, Mozart',
    );
    expect(mergeNames(null, '')).toBe('');
  });
});

describe('initials', () => {
  it('uses the first letters of first and last name', () => {
    expect(initials('jane', 'doe')).toBe('JD');
    expect(initials('', '')).toBe('?');
  });
});
