import { describe, expect, it } from 'vitest';
import { isValidPlaylistName } from './validation';

describe('playlist name rule', () => {
  it('accepts letters, digits and whitespace of more than one character', () => {
    expect(isValidPlaylistName('Road trip 2024')).toBe(true);
    expect(isValidPlaylistName('Beyoncé hits')).toBe(true);
    expect(isValidPlaylistName('ab')).toBe(true);
    expect(isValidPlaylistName('  Tabs\tand\n lines ')).toBe(true);
  });

  it('accepts scripts whose letters carry vowel signs and marks', () => {
    for (const name of ['मेरा गाना', 'தமிழ் பாடல்', 'أُغْنِيَة', 'เพลงไทย', 'Cafe\u0301 hits']) {
      expect(isValidPlaylistName(name)).toBe(true);
    }
  });

  it('refuses one character, blanks and punctuation', () => {
    expect(isValidPlaylistName('a')).toBe(false);
    expect(isValidPlaylistName('')).toBe(false);
    expect(isValidPlaylistName('   ')).toBe(false);
    expect(isValidPlaylistName('Rock & Roll')).toBe(false);
    expect(isValidPlaylistName('best-of')).toBe(false);
    expect(isValidPlaylistName('<script>')).toBe(false);
    expect(isValidPlaylistName('a\u202Eb')).toBe(false);
    expect(isValidPlaylistName('\u0301ab')).toBe(false);
  });
});
