import { describe, expect, it } from 'vitest';
import { flattenPages, mergePage, nextListPage, nextVideoPage, termOrSpace } from './paging';

describe('paging rule: page 1 replaces, later pages append', () => {
  it('replaces on page 1 and appends after', () => {
    expect(mergePage(['a', 'b'], ['c'], 1)).toEqual(['c']);
    expect(mergePage(['a', 'b'], ['c'], 2)).toEqual(['a', 'b', 'c']);
    expect(flattenPages([[1, 2], [3], [4, 5]])).toEqual([1, 2, 3, 4, 5]);
  });

  it('asks for the next video page while fewer than videoLength are loaded', () => {
    const p1 = { videos: new Array(20).fill({}), videoLength: 25 };
    const p2 = { videos: new Array(5).fill({}), videoLength: 25 };
    expect(nextVideoPage(p1, [p1], 1)).toBe(2);
    expect(nextVideoPage(p2, [p1, p2], 2)).toBeUndefined();
    expect(nextVideoPage({ videos: [], videoLength: 99 }, [{ videos: [], videoLength: 99 }], 1)).toBeUndefined();
  });

  it('keeps paging past a lower-bound videoLength ("1,000+") while pages come back full', () => {
    const full = (n: number) => ({
      videos: new Array(20).fill({}),
      videoLength: n,
      videoLengthEstimated: true as const,
    });
    const pages = Array.from({ length: 50 }, () => full(1000));
    expect(nextVideoPage(pages[49]!, pages, 50)).toBe(51);
    const last = { videos: new Array(7).fill({}), videoLength: 1007 };
    expect(nextVideoPage(last, [...pages, last], 51)).toBeUndefined();
  });

  it('asks for the next list page only after a full page', () => {
    expect(nextListPage(new Array(20).fill(0), 3)).toBe(4);
    expect(nextListPage(new Array(19).fill(0), 3)).toBeUndefined();
  });

  it('sends an empty term as a single space', () => {
    expect(termOrSpace('')).toBe(' ');
    expect(termOrSpace('   ')).toBe(' ');
    expect(termOrSpace(' bach ')).toBe('bach');
  });
});
