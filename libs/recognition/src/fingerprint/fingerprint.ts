import { RealFft, hannWindow } from '../dsp/fft.js';

// Math's members as module bindings: a global lookup per call is slow in vm contexts (Jest).
const { abs, ceil, floor, log, max, min, round } = Math;

/**
 * Landmark fingerprints in the manner of Wang (2003): spectral peaks of a mono 8 kHz
 * signal, paired with nearby later peaks; each pair (f1, f2, dt) is a 24-bit hash
 * stored with the time of its anchor peak.
 */

/** Sample rate the fingerprinter expects (decode with `ffmpeg -ac 1 -ar 8000 -f f32le`). */
export const FP_SAMPLE_RATE = 8000;
export const FP_FFT_SIZE = 1024;
export const FP_HOP = 256;
/** Time unit of fingerprint offsets: half a hop (16 ms), so shifted queries line up. */
export const FP_TICK_SAMPLES = FP_HOP / 2;
export const FP_TICK_SECONDS = FP_TICK_SAMPLES / FP_SAMPLE_RATE;

/** Frequency bins peaks are taken from: MIN_BIN (62 Hz) up to below MAX_BIN (3.8 kHz, under the 4 kHz Nyquist). */
export const FP_MIN_BIN = 8;
export const FP_MAX_BIN = 488;
/** Largest frame gap (6 bits) and bin gap of a landmark pair. */
export const FP_MAX_DT = 63;
export const FP_MAX_DF = 96;
const MIN_BIN = FP_MIN_BIN;
const MAX_BIN = FP_MAX_BIN;
const MAX_DT = FP_MAX_DT;
const MAX_DF = FP_MAX_DF;

export interface FingerprintOptions {
  /** Peaks kept per second of audio. */
  peaksPerSecond: number;
  /** Pairs made per anchor peak (nearest later peaks in the target zone). */
  fanout: number;
  /** Half-width of the peak neighbourhood, in frames and bins. */
  neighbourFrames: number;
  neighbourBins: number;
  /** Sub-hop analysis shifts in samples (queries use several to meet the index grid). */
  shifts: readonly number[];
  /** How the peaks of a one-second block are ranked to keep the best `peaksPerSecond`. */
  peakScore: PeakScore;
}

/**
 * - `contrast`: height above the mean of the frame's neighbouring bins (a local whitening,
 *   so quiet bands still get peaks).
 * - `level`: log power plus log frequency, i.e. height above a pink (1/f) noise floor.
 *   Noise buries a peak when it is weak against the noise in its own bin, and everyday
 *   noise is roughly pink: in 0 dB pink noise, 75 % of the best tenth of a block's peaks
 *   by this score are still peaks of the query, against 63 % by `contrast`.
 */
export type PeakScore = 'contrast' | 'level';

/**
 * Few, loud peaks with many pairs each: what gets stored per indexed track (about 62
 * hashes per second, 1.79 MB per hour at 8 bytes per posting). Loud peaks are the ones
 * that survive noise, and a pair needs both of its peaks to survive.
 */
export const INDEX_OPTIONS: FingerprintOptions = {
  peaksPerSecond: 10,
  fanout: 7,
  neighbourFrames: 6,
  neighbourBins: 12,
  shifts: [0],
  peakScore: 'level',
};

/**
 * Denser peaks and wider pairing for queries, so they contain the index's pairs despite
 * noise: noise peaks fall between the index's peaks, so a query peak is paired with many
 * more of its successors than an indexed one.
 */
export const QUERY_OPTIONS: FingerprintOptions = {
  peaksPerSecond: 30,
  fanout: 24,
  neighbourFrames: 4,
  neighbourBins: 8,
  shifts: [0, FP_TICK_SAMPLES],
  peakScore: 'contrast',
};

/**
 * The footprint of a query window that the worker sends the tracker: the index's own peak
 * density and pairing (the strongest peaks of every second, each paired with its few nearest
 * later peaks), taken at the query's half-hop shifts so one of them meets the index's time
 * grid. It holds the index's landmarks for that stretch and little else: about 140 landmarks
 * per second instead of the ~900 of the dense QUERY_OPTIONS, which the tracker would have to
 * receive for nothing.
 */
export const FOOTPRINT_OPTIONS: FingerprintOptions = { ...INDEX_OPTIONS, shifts: QUERY_OPTIONS.shifts };

export interface Fingerprint {
  /** 24-bit landmark hashes. */
  hashes: Uint32Array;
  /** Anchor time of each hash in ticks (FP_TICK_SECONDS). */
  ticks: Uint32Array;
  /** Duration of the fingerprinted audio in seconds. */
  duration: number;
}

interface Peak {
  frame: number;
  bin: number;
  score: number;
}

export function packHash(f1: number, f2: number, dt: number): number {
  return ((f1 & 0x1ff) << 15) | ((f2 & 0x1ff) << 6) | (dt & 0x3f);
}

/** The frame gap of a packed hash. */
export function hashDt(hash: number): number {
  return hash & 0x3f;
}

/** The frequency bins (f1, f2) of a packed hash. */
export function hashBins(hash: number): [number, number] {
  return [(hash >>> 15) & 0x1ff, (hash >>> 6) & 0x1ff];
}

/**
 * Fingerprint mono PCM sampled at FP_SAMPLE_RATE. The index side uses INDEX_OPTIONS,
 * queries use QUERY_OPTIONS.
 */
export function fingerprint(pcm: Float32Array, options: FingerprintOptions = INDEX_OPTIONS): Fingerprint {
  const hashes: number[] = [];
  const ticks: number[] = [];
  for (const shift of options.shifts) {
    const spec = logSpectrogram(pcm, shift);
    const peaks = pickPeaks(spec, options);
    pairPeaks(peaks, options.fanout, (hash, frame) => {
      hashes.push(hash);
      ticks.push(frame * 2 + shift / FP_TICK_SAMPLES);
    });
  }
  return { hashes: Uint32Array.from(hashes), ticks: Uint32Array.from(ticks), duration: pcm.length / FP_SAMPLE_RATE };
}

interface Spectrogram {
  frames: number;
  bins: number;
  /** log power, frames x bins (bins MIN_BIN..MAX_BIN-1) */
  data: Float32Array;
}

function logSpectrogram(pcm: Float32Array, shift: number): Spectrogram {
  const fft = getFft();
  const window = getWindow();
  const frames = max(0, floor((pcm.length - shift - FP_FFT_SIZE) / FP_HOP) + 1);
  const bins = MAX_BIN - MIN_BIN;
  const data = new Float32Array(frames * bins);
  const frame = new Float64Array(FP_FFT_SIZE);
  const power = new Float64Array(FP_FFT_SIZE / 2 + 1);
  for (let t = 0; t < frames; t++) {
    const start = shift + t * FP_HOP;
    for (let i = 0; i < FP_FFT_SIZE; i++) frame[i] = pcm[start + i]! * window[i]!;
    fft.power(frame, power);
    const row = t * bins;
    for (let b = 0; b < bins; b++) data[row + b] = log(power[MIN_BIN + b]! + 1e-10);
  }
  return { frames, bins, data };
}

/**
 * Peaks are local maxima of the log spectrogram over a rectangle of neighbourFrames x
 * neighbourBins that stand above the mean of their frame's neighbouring bins; they are
 * ranked by `peakScore` and the best `peaksPerSecond` of every one-second block are kept.
 */
function pickPeaks(spec: Spectrogram, o: FingerprintOptions): Peak[] {
  const { frames, bins, data } = spec;
  if (frames === 0) return [];
  // Separable rectangle maximum: first along frequency, then along time.
  const rowMax = new Float32Array(frames * bins);
  const sliding = new SlidingMax(bins, o.neighbourBins);
  for (let t = 0; t < frames; t++) sliding.apply(data, t * bins, rowMax);
  // Prefix sums per frame for the local mean used to score peaks.
  const meanHalf = 24;
  const prefix = new Float64Array(bins + 1);
  const framesPerBlock = round(FP_SAMPLE_RATE / FP_HOP);
  const byLevel = o.peakScore === 'level';
  const peaks: Peak[] = [];
  let block: Peak[] = [];
  let blockIndex = 0;
  const flush = (): void => {
    block.sort((a, b) => b.score - a.score);
    const keep = round((o.peaksPerSecond * framesPerBlock * FP_HOP) / FP_SAMPLE_RATE);
    for (let i = 0; i < min(keep, block.length); i++) peaks.push(block[i]!);
    block = [];
  };
  for (let t = 0; t < frames; t++) {
    if (floor(t / framesPerBlock) !== blockIndex) {
      flush();
      blockIndex = floor(t / framesPerBlock);
    }
    const row = t * bins;
    prefix[0] = 0;
    for (let b = 0; b < bins; b++) prefix[b + 1] = prefix[b]! + data[row + b]!;
    const t0 = max(0, t - o.neighbourFrames);
    const t1 = min(frames - 1, t + o.neighbourFrames);
    for (let b = 1; b < bins - 1; b++) {
      const v = data[row + b]!;
      if (v < rowMax[row + b]!) continue;
      let isMax = true;
      for (let u = t0; u <= t1 && isMax; u++) {
        if (u !== t && rowMax[u * bins + b]! > v) isMax = false;
      }
      if (!isMax) continue;
      const lo = max(0, b - meanHalf);
      const hi = min(bins, b + meanHalf + 1);
      const mean = (prefix[hi]! - prefix[lo]!) / (hi - lo);
      const prominence = v - mean;
      if (prominence <= 0.5) continue;
      const bin = b + MIN_BIN;
      block.push({ frame: t, bin, score: byLevel ? v + logBin[bin]! : prominence });
    }
  }
  flush();
  peaks.sort((a, b) => a.frame - b.frame || a.bin - b.bin);
  return peaks;
}

/**
 * Maximum over a window of ±half samples (clipped at the ends) of rows of `width` values,
 * in constant time per value (van Herk / Gil-Werman: block-wise prefix and suffix maxima
 * over a row padded with -Infinity).
 */
class SlidingMax {
  private readonly size: number;
  private readonly padded: Float32Array;
  private readonly prefix: Float32Array;
  private readonly suffix: Float32Array;

  constructor(
    private readonly width: number,
    private readonly half: number,
  ) {
    this.size = 2 * half + 1;
    const length = ceil((width + 2 * half) / this.size) * this.size;
    this.padded = new Float32Array(length).fill(-Infinity);
    this.prefix = new Float32Array(length);
    this.suffix = new Float32Array(length);
  }

  /** out[offset + i] = max of row[offset + i - half .. offset + i + half]. */
  apply(data: Float32Array, offset: number, out: Float32Array): void {
    const { padded, prefix, suffix, size, half, width } = this;
    padded.set(data.subarray(offset, offset + width), half);
    const n = padded.length;
    for (let start = 0; start < n; start += size) {
      let m = -Infinity;
      for (let i = start; i < start + size; i++) prefix[i] = m = padded[i]! > m ? padded[i]! : m;
      m = -Infinity;
      for (let i = start + size - 1; i >= start; i--) suffix[i] = m = padded[i]! > m ? padded[i]! : m;
    }
    // Window of padded[i .. i + size - 1] for output i.
    for (let i = 0; i < width; i++) {
      const a = suffix[i]!;
      const b = prefix[i + size - 1]!;
      out[offset + i] = a > b ? a : b;
    }
  }
}

function pairPeaks(peaks: Peak[], fanout: number, emit: (hash: number, frame: number) => void): void {
  for (let i = 0; i < peaks.length; i++) {
    const a = peaks[i]!;
    let made = 0;
    for (let j = i + 1; j < peaks.length && made < fanout; j++) {
      const b = peaks[j]!;
      const dt = b.frame - a.frame;
      if (dt > MAX_DT) break;
      if (dt < 1 || abs(b.bin - a.bin) > MAX_DF) continue;
      emit(packHash(a.bin, b.bin, dt), a.frame);
      made++;
    }
  }
}

/** log(bin): the pink-noise floor falls as 1/f, so log power + log f is level above it. */
const logBin = Float32Array.from({ length: MAX_BIN }, (_, b) => (b > 0 ? log(b) : 0));

let sharedFft: RealFft | undefined;
let sharedWindow: Float64Array | undefined;
function getFft(): RealFft {
  return (sharedFft ??= new RealFft(FP_FFT_SIZE));
}
function getWindow(): Float64Array {
  return (sharedWindow ??= hannWindow(FP_FFT_SIZE));
}
