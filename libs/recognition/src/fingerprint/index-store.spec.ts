import { describe, expect, it } from '@jest/globals';
import { Prng } from '../dsp/prng.js';
import { InMemoryFingerprintIndex } from './index-store.js';

describe('in-memory index', () => {
  it('answers every posting of each hash asked, at bucket edges and beyond 24 bits too, and forgets removed tracks', () => {
    const prng = new Prng(7);
    const edges = [0, 1, 0xff, 0x100, 0xffff, 0xfffeff, 0xffffff, 0x1000000, 0xffffffff];
    const tracks = [1, 2, 3].map((id) => {
      const hashes = Uint32Array.from({ length: 3000 }, (_, i) =>
        i < edges.length ? edges[i]! : prng.int(0, 0xffffff),
      );
      return { id, hashes, ticks: Uint32Array.from(hashes, (_, i) => i) };
    });
    const index = new InMemoryFingerprintIndex();
    for (const t of tracks) index.add(t.id, { hashes: t.hashes, ticks: t.ticks, duration: 1 });
    const expected = (asked: number[], ids: number[]) =>
      asked.flatMap((h) =>
        tracks
          .filter((t) => ids.includes(t.id))
          .flatMap((t) => [...t.hashes.keys()].filter((i) => t.hashes[i] === h).map((i) => `${h}:${t.id}:${i}`)),
      );
    const answered = (asked: number[]) => {
      const rows = index.lookup(Uint32Array.from(asked));
      return [...rows.hashes.keys()].map((r) => `${rows.hashes[r]}:${rows.trackIds[r]}:${rows.ticks[r]}`);
    };
    const asked = [...edges, 0x2, 0xfffffe, ...tracks[0]!.hashes.slice(100, 140)].sort((a, b) => a - b);
    const distinct = [...new Set(asked)];
    expect(answered(distinct).sort()).toEqual(expected(distinct, [1, 2, 3]).sort());
    expect(answered([0xffffff])).toHaveLength(3);
    index.remove(2);
    expect(answered(distinct).sort()).toEqual(expected(distinct, [1, 3]).sort());
  });
});
