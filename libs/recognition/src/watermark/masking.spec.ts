import { describe, expect, it } from '@jest/globals';
import { Prng } from '../dsp/prng.js';
import { bark, MaskingModel, spreadingDb, tonality } from './masking.js';

const centres = Array.from({ length: 28 }, (_, k) => 625 + 250 * k);
const model = new MaskingModel(centres);
const db = (x: number): number => 10 * Math.log10(x);

describe('masking model', () => {
  it('maps frequencies to Bark as Zwicker tabulated them', () => {
    expect(bark(1000)).toBeCloseTo(8.5, 0);
    expect(bark(4000)).toBeCloseTo(17.3, 0);
  });

  it('spreads masking further up in frequency than down', () => {
    expect(spreadingDb(0)).toBeCloseTo(0, 0);
    expect(spreadingDb(1)).toBeGreaterThan(spreadingDb(-1));
    expect(spreadingDb(3)).toBeGreaterThan(-25);
    expect(spreadingDb(-3)).toBeLessThan(-45);
  });

  it('calls a pure tone tonal and noise noisy', () => {
    const tone = Array.from({ length: 32 }, (_, i) => (i % 8 === 3 ? 1 : 1e-7));
    const prng = new Prng(7);
    const noise = Array.from({ length: 32 }, () => -Math.log(1 - prng.next()));
    expect(tonality(tone)).toBeGreaterThan(0.8);
    expect(tonality(noise)).toBeLessThan(0.1);
    expect(tonality(new Array(32).fill(0))).toBe(0);
  });

  it('lets a loud band hide more in its neighbours above it than below, and noise hide more than a tone', () => {
    const energy = new Float64Array(28).fill(1e-6);
    energy[10] = 1;
    const noisy = model.thresholds(energy, new Float64Array(28), new Float64Array(28));
    const tonal = model.thresholds(energy, new Float64Array(28).fill(1), new Float64Array(28));
    // Noise masks 5.5 dB under its own level; a tone at about 2.9 kHz (15.4 Bark) 30 dB under.
    expect(db(noisy[10]!)).toBeCloseTo(-5.5, 0);
    expect(db(tonal[10]!)).toBeCloseTo(-(14.5 + bark(centres[10]!)), 0);
    expect(noisy[12]!).toBeGreaterThan(noisy[8]!);
    expect(noisy[13]!).toBeGreaterThan(100 * energy[13]!);
    expect(noisy[27]!).toBeLessThan(noisy[12]!);
  });
});
