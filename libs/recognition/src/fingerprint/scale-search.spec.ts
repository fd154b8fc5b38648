import { describe, expect, it } from '@jest/globals';
import { resample } from '../dsp/resample.js';
import { vocoderPitchShift } from '../testing/signals.js';
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

/** `seconds` heard from `start` of a track pitched by num/den through a phase vocoder. */
function vocoded(seed: number, start: number, seconds: number, num: number, den: number): Float32Array {
  const master = new SynthTrack(seed, TRACK_SECONDS).render(RENDER_RATE, start, seconds + 0.3);
  const pcm = vocoderPitchShift(resample(master, RENDER_RATE, FP_SAMPLE_RATE), num, den);
  return pcm.subarray(0, seconds * FP_SAMPLE_RATE);
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
    ['a semitone up', 89, 84],
    ['a semitone down', 84, 89],
  ])('finds tracks pitched %s through a phase vocoder, from 5 s and from 3 s', async (_, num, den) => {
    // A pitch shifter (ffmpeg's rubberband) spreads peaks over neighbouring bins: before the
    // exact semitone scales and SEMITONE_SPLIT, 3 s found 2 of these tracks up and 1 down. The
    // weakest (a dense mix, 22 and 23) may stay unanswered, but never answered wrongly.
    const pitch = num / den;
    for (const [seconds, least] of [
      [5, INDEXED.length - 1],
      [3, INDEXED.length - 2],
    ] as const) {
      let found = 0;
      for (const seed of INDEXED) {
        const start = 3 + (seed % 3) * 6;
        const query = fingerprint(vocoded(seed, start, seconds, num, den), FOOTPRINT_OPTIONS);
        const match = await matchAcrossScales(query, lookup);
        if (!match) continue;
        expect(match).toMatchObject({ trackId: seed, speed: 1 });
        expect(Math.abs(match.pitch - pitch)).toBeLessThan(0.006);
        expect(Math.abs(match.offsetSeconds - start)).toBeLessThan(0.1);
        found++;
      }
      expect(found).toBeGreaterThanOrEqual(least);
    }
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
      // The semitone scales look up both bins around each mapped peak: more chances for unknown
      // audio, which a pitch shifter's smeared peaks must not turn into an answer either.
      for (const [num, den] of [
        [89, 84],
        [84, 89],
      ] as const) {
        const query = fingerprint(vocoded(seed, 6, 5, num, den), FOOTPRINT_OPTIONS);
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
