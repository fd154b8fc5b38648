/**
 * A simultaneous-masking model for the watermark's tiles, after Johnston's perceptual
 * entropy model (IEEE JSAC 1988), the basis of MPEG-1's psychoacoustic model 1: each band's
 * energy spreads to its neighbours along the Bark scale (Schroeder's spreading function), and
 * the masked threshold lies an offset below the spread energy, larger for a tone (14.5 + z dB)
 * than for noise (5.5 dB), blended by the band's tonality (its spectral flatness).
 *
 * The model knows no playback level, so it has no absolute threshold of hearing, and it
 * leaves out temporal masking: both would only raise thresholds, so leaving them out errs on
 * the quiet side.
 */

const { atan, log10, max, min, sqrt } = Math;

/** Critical-band rate (Bark) of a frequency, after Zwicker and Terhardt. */
export function bark(hz: number): number {
  return 13 * atan(0.00076 * hz) + 3.5 * atan((hz / 7500) ** 2);
}

/** Schroeder's spreading function: the masking a masker at Bark z spreads to z + dz, in dB. */
export function spreadingDb(dz: number): number {
  return 15.81 + 7.5 * (dz + 0.474) - 17.5 * sqrt(1 + (dz + 0.474) ** 2);
}

/** Spectral flatness at or below this (in dB) counts as a pure tone (Johnston's SFM_max). */
const TONE_SFM_DB = -60;

/**
 * Tonality of a band from the powers of its bins (0 = noise, 1 = a tone): its spectral
 * flatness (geometric over arithmetic mean) in dB over TONE_SFM_DB, at most 1.
 */
export function tonality(powers: ArrayLike<number>): number {
  let logSum = 0;
  let sum = 0;
  for (let i = 0; i < powers.length; i++) {
    const p = powers[i]! + 1e-30;
    logSum += Math.log(p);
    sum += p;
  }
  if (sum <= powers.length * 1e-30) return 0;
  const flatnessDb = 10 * log10(Math.exp(logSum / powers.length) / (sum / powers.length));
  return min(1, max(0, flatnessDb / TONE_SFM_DB));
}

/**
 * The masking model for a fixed set of bands (given by their centre frequencies). `thresholds`
 * turns the energies and tonalities of one time slot's bands into the energy each band can
 * take of added sound unheard.
 */
export class MaskingModel {
  private readonly spread: Float64Array;
  private readonly z: Float64Array;

  constructor(private readonly centresHz: readonly number[]) {
    const n = centresHz.length;
    this.z = Float64Array.from(centresHz, bark);
    this.spread = new Float64Array(n * n);
    for (let to = 0; to < n; to++) {
      for (let from = 0; from < n; from++) {
        this.spread[to * n + from] = 10 ** (spreadingDb(this.z[to]! - this.z[from]!) / 10);
      }
    }
  }

  /** Masked threshold of every band (same unit as `energy`) into `out`. */
  thresholds(energy: ArrayLike<number>, tonalityOf: ArrayLike<number>, out: Float64Array): Float64Array {
    const n = this.centresHz.length;
    for (let to = 0; to < n; to++) {
      let spread = 0;
      for (let from = 0; from < n; from++) spread += energy[from]! * this.spread[to * n + from]!;
      const a = tonalityOf[to]!;
      const offsetDb = a * (14.5 + this.z[to]!) + (1 - a) * 5.5;
      out[to] = spread * 10 ** (-offsetDb / 10);
    }
    return out;
  }
}
