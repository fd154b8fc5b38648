import { describe, expect, it } from '@jest/globals';
import { TextIndex, withinEdits } from './text-index.js';

const doc = (id: number, title: string, more: { artists?: string; composers?: string; description?: string } = {}) => ({
  id,
  title,
  artists: more.artists ?? '',
  composers: more.composers ?? '',
  description: more.description ?? '',
});

const ids = (index: TextIndex, q: string) => index.search(q, 10).ids;

describe('TextIndex', () => {
  const index = () => {
    const i = new TextIndex();
    i.add(doc(1, 'night ferry', { artists: 'the lanterns' }));
    i.add(doc(2, 'harbour lights', { description: 'a night by the harbour' }));
    i.add(doc(3, 'night', { composers: 'zoe hale' }));
    i.add(doc(4, 'night ferry live'));
    return i;
  };

  it('finds documents holding every word, in any field', () => {
    expect(ids(index(), 'night lanterns')).toEqual([1]);
    expect(ids(index(), 'harbour night')).toEqual([2]);
    expect(ids(index(), 'night zoe')).toEqual([3]);
    expect(ids(index(), 'night nowhere')).toEqual([]);
  });

  it('puts the exact title first, then titles starting with the text', () => {
    expect(ids(index(), 'night')).toEqual([3, 4, 1, 2]);
    expect(ids(index(), 'night ferry')).toEqual([1, 4]);
  });

  it('completes the last word only, and forgives a typo in a longer word', () => {
    expect(ids(index(), 'night fer')).toEqual([4, 1]);
    expect(ids(index(), 'fer night')).toEqual([]);
    expect(ids(index(), 'harbuor')).toEqual([2]);
    expect(ids(index(), 'nihgt')).toEqual([]);
  });

  it('forgets a removed document and finds a replaced one by its new text only', () => {
    const i = index();
    i.remove(3);
    expect(ids(i, 'zoe')).toEqual([]);
    i.add(doc(1, 'morning ferry'));
    expect(ids(i, 'lanterns')).toEqual([]);
    expect(ids(i, 'morning')).toEqual([1]);
    expect(i.size).toBe(3);
  });

  it('ranks only the best of many matches and counts them all', () => {
    const i = new TextIndex();
    for (let id = 1; id <= 500; id++) i.add(doc(id, `river song ${id}`, { description: id % 2 ? 'rain' : '' }));
    i.add(doc(501, 'river'));
    const { ids: best, total } = i.search('river', 20);
    expect(total).toBe(501);
    // The exact title, then the newest of the titles starting with the text.
    expect(best).toEqual([501, ...Array.from({ length: 19 }, (_, n) => 500 - n)]);
    expect(i.search('river rain', 5)).toEqual({ ids: [499, 497, 495, 493, 491], total: 250 });
  });

  it('takes a known word as written, not its close spellings', () => {
    const i = index();
    i.add(doc(5, 'harbours'));
    expect(ids(i, 'harbour')).toEqual([2, 5]);
    expect(ids(i, 'harbour lights')).toEqual([2]);
    expect(ids(i, 'harbours lights')).toEqual([]);
    expect(ids(i, 'harbors lights')).toEqual([2]);
  });

  it('counts edits', () => {
    expect(withinEdits('wombta', 'wombat', 2)).toBe(true);
    expect(withinEdits('wombta', 'wombat', 1)).toBe(false);
    expect(withinEdits('spidr', 'spider', 1)).toBe(true);
    expect(withinEdits('abc', 'abcdef', 2)).toBe(false);
  });
});
