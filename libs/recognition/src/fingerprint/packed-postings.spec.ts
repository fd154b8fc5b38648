import { describe, expect, it } from '@jest/globals';
import { SynthTrack } from '../testing/synth.js';
import { FP_SAMPLE_RATE, fingerprint, INDEX_OPTIONS, QUERY_OPTIONS } from './fingerprint.js';
import { InMemoryFingerprintIndex } from './index-store.js';
import { queryFingerprintIndex } from './matcher.js';
import { PACKED_POSTING_BYTES, packPostings, unpackPostings } from './packed-postings.js';

describe('packed postings', () => {
  it('keeps each distinct (hash, tick) once, in the bytes Postgres builds from rows', () => {
    const packed = packPostings({
      hashes: Uint32Array.of(0xabcdef, 5, 0xabcdef, 7),
      ticks: Uint32Array.of(300, 2, 300, 2),
    });
    // int4send(5) || int4send(2) || int4send(7) || int4send(2) || int4send(0xabcdef) || int4send(300)
    const words = ['00000005', '00000002', '00000007', '00000002', '00abcdef', '0000012c'];
    expect(Buffer.from(packed).toString('hex')).toBe(words.join(''));
    const back = unpackPostings(packed);
    expect(Array.from(back.hashes)).toEqual([5, 7, 0xabcdef]);
    expect(Array.from(back.ticks)).toEqual([2, 2, 300]);
    expect(() => unpackPostings(new Uint8Array(PACKED_POSTING_BYTES + 1))).toThrow(/multiple of 8/);
  });

  it('answers a query from unpacked postings exactly as from the fingerprint', async () => {
    const song = new SynthTrack(31, 20);
    const indexed = fingerprint(song.render(FP_SAMPLE_RATE), INDEX_OPTIONS);
    const direct = new InMemoryFingerprintIndex();
    direct.add(1, indexed);
    const unpacked = new InMemoryFingerprintIndex();
    unpacked.add(1, unpackPostings(packPostings(indexed)));
    const query = fingerprint(song.render(FP_SAMPLE_RATE, 7, 5), QUERY_OPTIONS);
    const answer = await queryFingerprintIndex(direct, query);
    expect(answer?.trackId).toBe(1);
    expect(await queryFingerprintIndex(unpacked, query)).toEqual(answer);
  });
});
