import { describe, expect, it } from '@jest/globals';
import { BadRequestException } from '@nestjs/common';
import { FilterKind } from '@app/contracts';
import { FilterListError, groupByKind, parseFilterList, withoutKind } from './filter-list.js';

describe('parseFilterList', () => {
  it('reads the path form and the array forms alike', () => {
    const expected = [
      { id: 12, kind: FilterKind.Genre },
      { id: 7, kind: FilterKind.Artist },
    ];
    expect(parseFilterList('12!4|7!7')).toEqual(expected);
    expect(parseFilterList(['12!4', '7!7'])).toEqual(expected);
    expect(
      parseFilterList([
        { id: 12, kind: 4 },
        { id: '7', kind: '7' },
      ]),
    ).toEqual(expected);
  });

  it('treats nothing as the empty list and drops repeated entries', () => {
    for (const empty of [undefined, null, '', '   ', []]) expect(parseFilterList(empty)).toEqual([]);
    expect(parseFilterList('3!2|3!2')).toEqual([{ id: 3, kind: FilterKind.Tag }]);
  });

  it.each([
    ['abc', /expected id!kind/],
    ['1!99', /unknown filter kind/],
    ['|||', /expected id!kind/],
    ['0!4', /id must be/],
    ['1!4|', /expected id!kind/],
    ['99999999999!4', /id must be/],
    ["1!4' OR 1=1 --", /unknown filter kind/],
    [{ data: 1 }, /data must be/],
    [42, /data must be/],
    [[{ id: 1 }], /expected/],
  ])('refuses %j with a clear message', (input, message) => {
    expect(() => parseFilterList(input)).toThrow(FilterListError);
    expect(() => parseFilterList(input)).toThrow(message);
  });

  it('refuses an absurdly long list', () => {
    expect(() => parseFilterList('1!4|'.repeat(1000))).toThrow(/too long/);
    expect(() => parseFilterList(Array.from({ length: 101 }, (_, i) => `${i + 1}!4`))).toThrow(/at most 100/);
  });

  it('groups entries by kind and leaves one kind out for its own facet', () => {
    const selection = groupByKind(parseFilterList('9!4|3!4|7!7'));
    expect(selection.get(FilterKind.Genre)).toEqual([3, 9]);
    expect([...withoutKind(selection, FilterKind.Genre).keys()]).toEqual([FilterKind.Artist]);
    expect(selection.has(FilterKind.Genre)).toBe(true);
  });
});

// Moved from the admin video filter's own parser (apps/api/src/admin/videos/filters.ts), which
// this reader replaces: the same inputs, read into ids per kind and refused with a 400.
describe('filter lists as the admin video filter reads them', () => {
  const selection = (data: unknown) => groupByKind(parseFilterList(data));

  it('reads "id!kind|…" and [{id, kind}], grouping ids by kind', () => {
    expect([...selection('12!4|3!5|13!4')]).toEqual([
      [4, [12, 13]],
      [5, [3]],
    ]);
    expect([...selection([{ id: 7, kind: 2 }, '8!8'])]).toEqual([
      [2, [7]],
      [8, [8]],
    ]);
    expect(selection(undefined).size).toBe(0);
    expect(selection('').size).toBe(0);
  });

  it('refuses unknown kinds and malformed entries', () => {
    // FilterListError is the 400 itself: its message is the answer's `message`.
    expect(() => selection('1!9')).toThrow(
      /^Invalid filter entry "1!9": unknown filter kind 9 \(kinds: 2 tag, 3 composer, 4 genre, 5 mood, 6 activity, 7 artist, 8 videogenre\)$/,
    );
    expect(() => selection("1!4' OR 1=1")).toThrow(/Invalid filter entry/);
    expect(() => selection([{ id: -1, kind: 4 }])).toThrow(/whole number from 1/);
    expect(() => selection(42)).toThrow(/filter list/);
    expect(() => selection('1!9')).toThrow(BadRequestException);
  });
});
