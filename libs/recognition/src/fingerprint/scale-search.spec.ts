import { describe, expect, it } from '@jest/globals';
import { resample } from '../dsp/resample.js';
import { SynthTrack } from '../testing/synth.js';
import { FOOTPRINT_OPTIONS, FP_SAMPLE_RATE, fingerprint, INDEX_OPTIONS, packHash } from './fingerprint.js';
import { InMemoryFingerprintIndex } from './index-store.js';
import { mapQuery, matchAcrossScales } from './scale-search.js';

// Small generated audio, as in fingerprint.spec.ts: 16 kHz masters, 8 kHz for the engine.
const RENDER_RATE = 16_000;
const TRACK_SECONDS = 30;
const INDEXED = [21, 22, 23, 24, 25, 26];
const SEMITONE = 2 ** (1 / 12);

const index = new InMemoryFingerprintIndex();
for (const seed of INDEXED) {
  const master = new SynthTrack(seed, TRACK_SECONDS).render(RENDER_RATE);
  index.add(seed, fingerprint(resample(master, RENDER_RATE, FP_SAMPLE_RATE), INDEX_OPTIONS));
}

/**
 * 5 s heard from `start` of a track played at `speed` (tape-style: the master read as if it
 * was sampled faster, so time and frequency scale together) and pitched by `pitch` (every
 * note's frequency, the timing unchanged).
 */
function heard(seed: number, start: number, speed: number, pitch = 1): Float32Array {
  const master = new SynthTrack(seed, TRACK_SECONDS).render(RENDER_RATE, start, 5 * speed + 0.1, pitch);
  const pcm = resample(master, Math.round(RENDER_RATE * speed), FP_SAMPLE_RATE);
  return pcm.subarray(0, 5 * FP_SAMPLE_RATE);
}

const lookup = (hashes: Uint32Array) => index.lookup(hashes);

describe('scale search', () => {
  it.each([
    ['2 % fast', 1.02],
    ['2 % slow', 0.98],
    ['5 % fast', 1.05],
    ['5 % slow', 0.95],
  ])('finds every track played %s, with its speed and offset', async (_, speed) => {
    for (const seed of INDEXED) {
      const start = 4 + (seed % 4) * 5;
      const match = await matchAcrossScales(fingerprint(heard(seed, start, speed), FOOTPRINT_OPTIONS), lookup);
      expect(match?.trackId).toBe(seed);
      // Told from a pitch shift, within a grid step (0.5 %) of the true speed; the offset is
      // in the track's own time.
      expect(match!.pitch).toBe(1);
      expect(Math.abs(match!.speed - speed)).toBeLessThan(0.006);
      expect(Math.abs(match!.offsetSeconds - start)).toBeLessThan(0.1);
    }
  });

  it.each([
    ['a semitone up', SEMITONE],
    ['a semitone down', 1 / SEMITONE],
  ])('finds tracks pitched %s without a tempo change, and never a wrong one', async (_, pitch) => {
    // The weakest of these tracks (23, a dense mix) scores 7-10 pitched, under the scaled
    // accept rule's 12, and since a track's repeated material is no evidence for it
    // (MAX_REPEATS) one more falls under it a semitone down: they may go unanswered, but never
    // answered wrongly.
    let found = 0;
    for (const seed of INDEXED) {
      const start = 3 + (seed % 3) * 6;
      const match = await matchAcrossScales(fingerprint(heard(seed, start, 1, pitch), FOOTPRINT_OPTIONS), lookup);
      if (!match) continue;
      expect(match.trackId).toBe(seed);
      expect(match.speed).toBe(1);
      expect(Math.abs(match.pitch - pitch)).toBeLessThan(0.006);
      expect(Math.abs(match.offsetSeconds - start)).toBeLessThan(0.1);
      found++;
    }
    expect(found).toBeGreaterThanOrEqual(INDEXED.length - 2);
  });

  it('answers undistorted audio as it is, at scale 1', async () => {
    const match = await matchAcrossScales(fingerprint(heard(23, 7, 1), FOOTPRINT_OPTIONS), lookup);
    expect(match).toMatchObject({ trackId: 23, speed: 1, pitch: 1 });
  });

  it('keeps unknown audio unknown at every speed and pitch it tries', async () => {
    for (const seed of [201, 202, 203, 204, 205, 206, 207, 208, 209, 210]) {
      for (const [speed, pitch] of [
        [1, 1],
        [1.03, 1],
        [1, SEMITONE],
      ] as const) {
        const query = fingerprint(heard(seed, 6, speed, pitch), FOOTPRINT_OPTIONS);
        expect(await matchAcrossScales(query, lookup)).toBeNull();
      }
    }
  });

  it('maps a landmark back through a speed change: bins divided, gap and time multiplied', () => {
    const landmark = (f1: number, f2: number, dt: number) => ({
      hashes: Uint32Array.from([packHash(f1, f2, dt)]),
      ticks: Uint32Array.from([100]),
      duration: 5,
    });
    const back = mapQuery(landmark(102, 153, 10), { speed: 1.02, pitch: 1 });
    expect([...back.hashes]).toEqual([packHash(100, 150, 10)]);
    expect([...back.ticks]).toEqual([102]);
    // A pitch shift leaves gap and time alone; a bin that lands between two gets both.
    const shifted = mapQuery(landmark(203, 232, 10), { speed: 1, pitch: 1.015 });
    expect([...shifted.hashes].sort()).toEqual([packHash(200, 228, 10), packHash(200, 229, 10)]);
    expect([...shifted.ticks]).toEqual([100, 100]);
  });
});
