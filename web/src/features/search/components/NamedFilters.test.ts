import { describe, expect, it } from 'vitest';
import { sameName } from './NamedFilters';

describe('sameName', () => {
  it('compares names as the api does: case, accents and punctuation aside', () => {
    expect(sameName('Café Concert', 'cafe concert')).toBe(true);
    expect(sameName('Hip-Hop', 'hip hop')).toBe(true);
    expect(sameName('Lyric Vidéo', '  LYRIC video ')).toBe(true);
  });

  it('compares names in any script', () => {
    expect(sameName('Живой звук', 'живой  ЗВУК')).toBe(true);
    expect(sameName('ליל הנמל', 'ליל-הנמל')).toBe(true);
    expect(sameName('ליל הנמל', 'ליל')).toBe(false);
    expect(sameName('上海', '🌊')).toBe(false);
  });

  it('wants the whole name', () => {
    expect(sameName('Jazz Fusion', 'jazz')).toBe(false);
    expect(sameName('Jazz', 'jaz')).toBe(false);
    expect(sameName('', '')).toBe(false);
    expect(sameName('!!', '??')).toBe(false);
  });
});
