import { describe, expect, it } from '@jest/globals';
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
