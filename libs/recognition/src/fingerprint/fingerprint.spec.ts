import { describe, expect, it } from '@jest/globals';
import { resample } from '../dsp/resample.js';
import { addPinkNoise } from '../testing/signals.js';
import { SynthTrack } from '../testing/synth.js';
import { FP_SAMPLE_RATE, fingerprint, INDEX_OPTIONS, packHash, QUERY_OPTIONS } from './fingerprint.js';
import { InMemoryFingerprintIndex } from './index-store.js';
import { matchFingerprint, queryFingerprintIndex, uniqueHashes } from './matcher.js';

// Small generated audio: the "masters" are rendered at 16 kHz and brought to the
// fingerprinter's 8 kHz by the library's resampler, as ffmpeg would for the worker.
const RENDER_RATE = 16_000;
const TRACK_SECONDS = 30;
const INDEXED = [11, 12, 13, 14, 15, 16];

function excerpt(seed: number, start: number, seconds: number): Float32Array {
  return resample(new SynthTrack(seed, TRACK_SECONDS).render(RENDER_RATE, start, seconds), RENDER_RATE, FP_SAMPLE_RATE);
}

function buildIndex(): InMemoryFingerprintIndex {
  const index = new InMemoryFingerprintIndex();
  for (const seed of INDEXED) index.add(seed, fingerprint(excerpt(seed, 0, TRACK_SECONDS), INDEX_OPTIONS));
  return index;
}

const index = buildIndex();

describe('landmark fingerprint', () => {
  it('finds a known 5 s excerpt, rendered separately and noisy, at its offset (within 50 ms)', async () => {
    // An offset off the fingerprint's 16 ms tick grid, and pink noise at 10 dB SNR.
    const offset = 12.3456;
    const query = fingerprint(addPinkNoise(excerpt(13, offset, 5), 10, 7), QUERY_OPTIONS);
    const match = await queryFingerprintIndex(index, query);
    expect(match).not.toBeNull();
    expect(match!.trackId).toBe(13);
    expect(Math.abs(match!.offsetSeconds - offset)).toBeLessThan(0.05);
    expect(match!.score).toBeGreaterThan(2 * match!.runnerUpScore);
  });

  it('finds excerpts of every indexed track at their offsets', () => {
    for (const seed of INDEXED) {
      const offset = 3 + (seed % 5) * 4.1;
      const query = fingerprint(excerpt(seed, offset, 5), QUERY_OPTIONS);
      const match = matchFingerprint(query, index.lookup(uniqueHashes(query)));
      expect(match?.trackId).toBe(seed);
      expect(Math.abs(match!.offsetSeconds - offset)).toBeLessThan(0.05);
    }
  });

  it('rejects excerpts of tracks that are not indexed', () => {
    for (const seed of [101, 102, 103]) {
      const query = fingerprint(excerpt(seed, 8, 5), QUERY_OPTIONS);
      expect(matchFingerprint(query, index.lookup(uniqueHashes(query)))).toBeNull();
    }
  });

  it('rejects silence and stays silent about empty lookups', () => {
    const query = fingerprint(new Float32Array(5 * FP_SAMPLE_RATE), QUERY_OPTIONS);
    expect(query.hashes.length).toBe(0);
    expect(matchFingerprint(query, index.lookup(uniqueHashes(query)))).toBeNull();
  });

  it('forgets a removed track and replaces a re-added one', () => {
    const store = new InMemoryFingerprintIndex();
    const a = fingerprint(excerpt(11, 0, 10), INDEX_OPTIONS);
    const b = fingerprint(excerpt(12, 0, 10), INDEX_OPTIONS);
    store.add(1, a);
    store.add(2, b);
    expect(store.stats().postings).toBe(a.hashes.length + b.hashes.length);
    store.remove(1);
    expect(store.trackCount).toBe(1);
    const rows = store.lookup(uniqueHashes(a));
    expect([...rows.trackIds].every((id) => id === 2)).toBe(true);
    store.add(2, a);
    expect(store.stats()).toMatchObject({ tracks: 1, postings: a.hashes.length, bytes: 8 * a.hashes.length });
  });

  it('packs hashes into 24 bits and de-duplicates query hashes in order', () => {
    expect(packHash(487, 8, 63)).toBe((487 << 15) | (8 << 6) | 63);
    expect(packHash(511, 511, 63)).toBeLessThan(2 ** 24);
    const fp = { hashes: Uint32Array.from([5, 3, 5, 9, 3]), ticks: new Uint32Array(5), duration: 1 };
    expect([...uniqueHashes(fp)]).toEqual([3, 5, 9]);
  });
});
