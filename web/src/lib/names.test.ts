import { describe, expect, it } from 'vitest';
// An import-free file of the server's contracts; the app itself does not import it.
import { LISTED_NAME_PATTERN as API_RULE } from '../../../libs/contracts/src/names';
import { isListedName, LISTED_NAME_PATTERN } from './names';

describe('listed names (playlists, new genres and tags)', () => {
  it('is the api rule', () => {
    expect(LISTED_NAME_PATTERN.source).toBe(API_RULE.source);
    expect(LISTED_NAME_PATTERN.flags).toBe(API_RULE.flags);
  });

  it('accepts scripts whose letters carry vowel signs and marks, and whitespace the api tidies', () => {
    for (const name of ['मेरा गाना', 'தமிழ் பாடல்', 'أُغْنِيَة', 'เพลงไทย', 'Cafe\u0301 hits', '  Tabs\tand\n lines ']) {
      expect(isListedName(name)).toBe(true);
    }
  });

  it('refuses hidden characters and stray marks', () => {
    for (const name of ['a\u202Eb', 'a\u200Bb', '\u0301ab', 'a\u0301', 'a\u0301\u0301\u0301\u0301\u0301b']) {
      expect(isListedName(name)).toBe(false);
    }
  });
});
