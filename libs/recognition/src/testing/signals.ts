import { Prng } from '../dsp/prng.js';

// Math's members as module bindings: a global lookup per call is slow in vm contexts (Jest).
const { log10, max, pow, sqrt } = Math;

/** Pink (1/f) noise by Paul Kellet's economy filter over white noise. */
export function pinkNoise(length: number, seed: number): Float32Array {
  const prng = new Prng(seed);
  const out = new Float32Array(length);
  let b0 = 0;
  let b1 = 0;
  let b2 = 0;
  for (let i = 0; i < length; i++) {
    const white = prng.next() * 2 - 1;
    b0 = 0.99765 * b0 + white * 0.099046;
    b1 = 0.963 * b1 + white * 0.2965164;
    b2 = 0.57 * b2 + white * 1.0526913;
    out[i] = b0 + b1 + b2 + white * 0.1848;
  }
  return out;
}

export function rms(x: Float32Array): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += x[i]! * x[i]!;
  return sqrt(s / max(1, x.length));
}

/** Add pink noise so that signal power / noise power = snrDb (over the whole excerpt). */
export function addPinkNoise(signal: Float32Array, snrDb: number, seed: number): Float32Array {
  const noise = pinkNoise(signal.length, seed);
  const scale = rms(signal) / (rms(noise) * pow(10, snrDb / 20));
  const out = new Float32Array(signal.length);
  for (let i = 0; i < signal.length; i++) out[i] = signal[i]! + noise[i]! * scale;
  return out;
}

export function applyGainDb(signal: Float32Array, db: number): Float32Array {
  const g = pow(10, db / 20);
  const out = new Float32Array(signal.length);
  for (let i = 0; i < signal.length; i++) out[i] = signal[i]! * g;
  return out;
}

/** Signal-to-noise ratio in dB of `processed` against `reference`. */
export function snrDb(reference: Float32Array, processed: Float32Array): number {
  let s = 0;
  let e = 0;
  for (let i = 0; i < reference.length; i++) {
    s += reference[i]! * reference[i]!;
    const d = processed[i]! - reference[i]!;
    e += d * d;
  }
  return 10 * log10(s / max(e, 1e-20));
}
