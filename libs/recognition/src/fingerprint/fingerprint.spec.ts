import { describe, expect, it } from '@jest/globals';
import { resample } from '../dsp/resample.js';
import { addPinkNoise } from '../testing/signals.js';
import { SynthTrack } from '../testing/synth.js';
import {
  FP_SAMPLE_RATE,
  FP_TICK_SECONDS,
  fingerprint,
  hashBins,
  INDEX_OPTIONS,
  packHash,
  QUERY_OPTIONS,
} from './fingerprint.js';
import { InMemoryFingerprintIndex } from './index-store.js';
import { DEFAULT_MATCH_OPTIONS, matchFingerprint, queryFingerprintIndex, uniqueHashes } from './matcher.js';

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
    for (const seed of [101, 102, 103, 104, 105, 106, 107, 108]) {
      const query = fingerprint(excerpt(seed, 8, 5), QUERY_OPTIONS);
      expect(matchFingerprint(query, index.lookup(uniqueHashes(query)))).toBeNull();
    }
  });

  it('judges the winner against the best other track by distinct evidence, not by raw votes', () => {
    // Query: 40 distinct hashes (of distinct frequencies) at 40 distinct ticks, plus one
    // hash repeated at 30 ticks.
    const distinct = Array.from({ length: 40 }, (_, t) => t);
    const repeated = Array.from({ length: 30 }, (_, t) => 100 + 3 * t);
    const hashOf = (t: number): number => packHash(20 + t, 300 + t, 1 + t);
    const loop = packHash(50, 60, 7);
    const query = {
      hashes: Uint32Array.from([...distinct.map(hashOf), ...repeated.map(() => loop)]),
      ticks: Uint32Array.from([...distinct, ...repeated]),
      duration: 5,
    };
    const rows = { hashes: [] as number[], trackIds: [] as number[], ticks: [] as number[] };
    const post = (hash: number, trackId: number, tick: number): void => {
      rows.hashes.push(hash);
      rows.trackIds.push(trackId);
      rows.ticks.push(tick);
    };
    // Track 1: twelve distinct agreeing hashes at offset 500 (score 12).
    for (let t = 0; t < 12; t++) post(hashOf(t), 1, 500 + t);
    // Tracks 2..8: a repeated pattern, many raw votes at one offset from a single hash (score 1).
    for (let id = 2; id <= 8; id++) for (let t = 0; t < 30; t++) post(loop, id, 2000 + 100 + 3 * t);
    // Track 9: ten distinct agreeing hashes (score 10), fewer raw votes than tracks 2..8.
    for (let t = 20; t < 30; t++) post(hashOf(t), 9, 800 + t);
    const asRows = (skip: number) => {
      const keep = rows.trackIds.map((id) => id !== skip);
      const pick = (a: number[]) => Uint32Array.from(a.filter((_, i) => keep[i]));
      return { hashes: pick(rows.hashes), trackIds: pick(rows.trackIds), ticks: pick(rows.ticks) };
    };
    // Every posting counted (tracks 2..8 hold the loop 30 times, which the default rule would
    // not count at all): 12 against a runner-up of 10 is no clear answer …
    const everyPosting = { ...DEFAULT_MATCH_OPTIONS, maxRepeats: undefined };
    expect(matchFingerprint(query, asRows(-1), everyPosting)).toBeNull();
    // … but without track 9 it is, at its offset.
    const match = matchFingerprint(query, asRows(9), everyPosting);
    expect(match).toMatchObject({ trackId: 1, score: 12, runnerUpScore: 1 });
    expect(match!.offsetSeconds).toBeCloseTo(500 * FP_TICK_SECONDS, 6);
  });

  it('does not count a hash that a track repeats throughout (a drum groove) as evidence for it', () => {
    // The query: 16 groove hashes (its drums) and, in the indexed song, 14 hashes of its own music.
    const groove = Array.from({ length: 16 }, (_, t) => packHash(30 + 7 * t, 200 + 5 * t, 2 + t));
    const own = Array.from({ length: 14 }, (_, t) => packHash(100 + 9 * t, 150 + 11 * t, 20 + t));
    const fp = (hashes: number[]) => ({
      hashes: Uint32Array.from(hashes),
      ticks: Uint32Array.from(hashes, (_, i) => 4 * i),
      duration: 5,
    });
    const repeats = DEFAULT_MATCH_OPTIONS.maxRepeats! + 1;
    const rows = { hashes: [] as number[], trackIds: [] as number[], ticks: [] as number[] };
    const post = (hash: number, trackId: number, tick: number): void => {
      rows.hashes.push(hash);
      rows.trackIds.push(trackId);
      rows.ticks.push(tick);
    };
    // Track 1 plays the groove every bar (120 ticks) of its length; track 2 is another song.
    for (let bar = 0; bar < repeats; bar++) groove.forEach((h, i) => post(h, 1, 1000 + 120 * bar + 4 * i));
    own.forEach((h, i) => post(h, 1, 1000 + 4 * (groove.length + i)));
    post(own[0]!, 2, 77);
    const asRows = () => ({
      hashes: Uint32Array.from(rows.hashes),
      trackIds: Uint32Array.from(rows.trackIds),
      ticks: Uint32Array.from(rows.ticks),
    });
    // Another song over the same groove: only the groove agrees, at every bar.
    expect(matchFingerprint(fp(groove), asRows(), { ...DEFAULT_MATCH_OPTIONS, maxRepeats: undefined })).not.toBeNull();
    expect(matchFingerprint(fp(groove), asRows())).toBeNull();
    // The song itself: its own music carries the match, at its offset.
    const match = matchFingerprint(fp([...groove, ...own]), asRows());
    expect(match).toMatchObject({ trackId: 1, score: own.length });
    expect(match!.offsetSeconds).toBeCloseTo(1000 * FP_TICK_SECONDS, 6);
  });

  it('discounts agreement that comes from a few frequencies (a bass note and its harmonics on the beat)', () => {
    // 24 distinct hashes at 24 distinct ticks, but all pairs of the same four bins.
    const bins = [40, 80, 120, 160];
    const hashes = Array.from({ length: 24 }, (_, t) => packHash(bins[t % 4]!, bins[(t >> 2) % 4]!, 10 + (t >> 4)));
    const query = {
      hashes: Uint32Array.from(hashes),
      ticks: Uint32Array.from(hashes.map((_, t) => 8 * t)),
      duration: 5,
    };
    const rows = {
      hashes: Uint32Array.from(hashes),
      trackIds: new Uint32Array(24).fill(1),
      ticks: Uint32Array.from(hashes.map((_, t) => 300 + 8 * t)),
    };
    // Only 24 * 4 = 96 under the square root: below the minimum score, however clear the lead.
    const unthresholded = matchFingerprint(query, rows, { minScore: 0, minRatio: 0 });
    expect(unthresholded).toMatchObject({ trackId: 1, runnerUpScore: 0 });
    expect(unthresholded!.score).toBeCloseTo(Math.sqrt(24 * 4), 6);
    expect(matchFingerprint(query, rows)).toBeNull();
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
    expect(hashBins(packHash(487, 8, 63))).toEqual([487, 8]);
    const fp = { hashes: Uint32Array.from([5, 3, 5, 9, 3]), ticks: new Uint32Array(5), duration: 1 };
    expect([...uniqueHashes(fp)]).toEqual([3, 5, 9]);
  });
});
