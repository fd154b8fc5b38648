import { RealFft, hannWindow } from '../dsp/fft.js';
import { Prng } from '../dsp/prng.js';
import { resample } from '../dsp/resample.js';

// Math's members as module bindings: a global lookup per call is slow in vm contexts (Jest).
const { PI, atan2, cos, exp, hypot, log10, max, pow, round, sin, sqrt } = Math;

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

/**
 * A drum groove as a sampler plays it: every hit of a drum is the same recording (one seeded
 * noise burst or set of partials per drum), kick on 1 and 3 (and the "and" of 3), snare on 2
 * and 4, closed hat on every eighth, a cowbell a sixteenth after every beat and a fill of three
 * toms at the end of each bar. Two songs mixed with the same groove at the same tempo share its
 * landmarks exactly, as the songs of one style of the demo composer do (bench/recognition).
 */
export function drumGroove(sampleRate: number, seconds: number, bpm: number, seed = 99): Float32Array {
  const beat = (60 / bpm) * sampleRate;
  const hit = (samples: number, make: (t: number, noise: number) => number, noiseSeed: number): Float32Array => {
    const prng = new Prng(noiseSeed);
    const out = new Float32Array(samples);
    for (let i = 0; i < samples; i++) out[i] = make(i / sampleRate, prng.next() * 2 - 1);
    return out;
  };
  const kick = hit(
    round(0.3 * sampleRate),
    (t) => sin(2 * PI * (50 * t + 7 * (1 - exp(-t / 0.03)))) * exp(-t / 0.12),
    seed,
  );
  const snare = hit(
    round(0.2 * sampleRate),
    (t, n) => (0.7 * n + 0.4 * sin(2 * PI * 185 * t)) * exp(-t / 0.06),
    seed + 1,
  );
  let last = 0;
  const hat = hit(
    round(0.06 * sampleRate),
    (t, n) => {
      const highPassed = n - last;
      last = n;
      return 0.35 * highPassed * exp(-t / 0.015);
    },
    seed + 2,
  );
  const tone =
    (partials: readonly number[], decay: number) =>
    (t: number): number =>
      partials.reduce((sum, f, k) => sum + sin(2 * PI * f * t) / (k + 1), 0) * 0.4 * exp(-t / decay);
  const cowbell = hit(round(0.25 * sampleRate), tone([562, 845, 1390], 0.08), seed + 3);
  const toms = [110, 147, 196].map((f, k) =>
    hit(round(0.3 * sampleRate), tone([f, 2.1 * f, 3.3 * f], 0.12), seed + 4 + k),
  );
  const out = new Float32Array(round(seconds * sampleRate));
  const place = (sample: Float32Array, at: number): void => {
    const start = round(at);
    for (let i = 0; i < sample.length && start + i < out.length; i++) out[start + i]! += sample[i]!;
  };
  for (let b = 0; b * beat < out.length; b++) {
    const inBar = b % 4;
    if (inBar === 0 || inBar === 2) place(kick, b * beat);
    if (inBar === 2) place(kick, (b + 0.5) * beat);
    if (inBar === 1 || inBar === 3) place(snare, b * beat);
    place(hat, b * beat);
    place(hat, (b + 0.5) * beat);
    place(cowbell, (b + 0.25) * beat);
    if (inBar === 3) toms.forEach((tom, k) => place(tom, (b + 0.25 * (k + 1)) * beat));
  }
  return out;
}

/** `a + gain * b`, over the length of `a`. */
export function mixInto(a: Float32Array, b: Float32Array, gain: number): Float32Array {
  const out = new Float32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]! + gain * (b[i] ?? 0);
  return out;
}

const VOCODER_SIZE = 1024;

/**
 * A pitch shift by num/den without a tempo change, the way pitch shifters do it (ffmpeg's
 * rubberband): a phase vocoder stretches the audio in time by num/den (frames read every
 * 2 den samples, written every 2 num, each bin's phase advanced at its measured frequency),
 * then the stretch is resampled back to the original length. Unlike an ideal shift (the
 * synthesiser's `pitch`), it spreads a peak's energy over neighbouring bins and frames.
 */
export function vocoderPitchShift(x: Float32Array, num: number, den: number): Float32Array {
  const n = VOCODER_SIZE;
  const half = n / 2;
  const readHop = 2 * den;
  const writeHop = 2 * num;
  const fft = new RealFft(n);
  const window = hannWindow(n);
  const frames = Math.max(0, Math.floor((x.length - n) / readHop) + 1);
  const stretched = new Float64Array((frames - 1) * writeHop + n);
  const weight = new Float64Array(stretched.length);
  const lastPhase = new Float64Array(half + 1);
  const sumPhase = new Float64Array(half + 1);
  const frame = new Float64Array(n);
  const spectrum = new Float64Array(n + 2);
  const out = new Float64Array(n);
  for (let m = 0; m < frames; m++) {
    for (let i = 0; i < n; i++) frame[i] = x[m * readHop + i]! * window[i]!;
    const bins = fft.forward(frame);
    for (let k = 0; k <= half; k++) {
      const re = bins[2 * k]!;
      const im = bins[2 * k + 1]!;
      const phase = atan2(im, re);
      const expected = (2 * PI * k * readHop) / n;
      let delta = phase - lastPhase[k]! - expected;
      delta -= 2 * PI * round(delta / (2 * PI));
      lastPhase[k] = phase;
      sumPhase[k] = m === 0 ? phase : sumPhase[k]! + ((expected + delta) * writeHop) / readHop;
      const magnitude = hypot(re, im);
      spectrum[2 * k] = magnitude * cos(sumPhase[k]!);
      spectrum[2 * k + 1] = magnitude * sin(sumPhase[k]!);
    }
    fft.inverse(spectrum, out);
    for (let i = 0; i < n; i++) {
      stretched[m * writeHop + i]! += out[i]! * window[i]!;
      weight[m * writeHop + i]! += window[i]! * window[i]!;
    }
  }
  const y = new Float32Array(stretched.length);
  for (let i = 0; i < y.length; i++) y[i] = weight[i]! > 1e-3 ? stretched[i]! / weight[i]! : 0;
  return resample(y, num, den);
}
