import { RealFft } from '../dsp/fft.js';
import { Prng } from '../dsp/prng.js';
import { downmix, resample } from '../dsp/resample.js';
import {
  CODE_RATE_INVERSE,
  TAIL_BITS,
  bitsToNumber,
  convEncode,
  crc16,
  numberToBits,
  viterbiDecode,
} from './channel-code.js';
import { MaskingModel, tonality } from './masking.js';

// Math's members as module bindings: a global lookup per call is slow in vm contexts (Jest).
const { PI, abs, ceil, cos, exp, floor, log, max, min, round, sign, sin, sqrt } = Math;

/**
 * Blind audio watermark: a 32-bit payload protected by CRC-16 and a convolutional code,
 * carried by spread-transform dither modulation (a form of quantization index
 * modulation) of energy ratios between time-frequency tiles in 0.5-7.5 kHz, repeated
 * every period.
 *
 * Everything runs on a 16 kHz mono analysis of the input, so any input rate works and
 * resampling the marked audio (48 -> 44.1 kHz) does not disturb it. A "cell" is a 2 x 2
 * checkerboard of tiles (two 64 ms slots x two 250 Hz subbands); its feature is the
 * compressed log-ratio of its two diagonals, which ignores playback gain, steady
 * spectra and broadband onsets. Each coded bit owns a few cells of one slot pair; the
 * sum of their features is moved onto the nearest point of a dithered lattice whose
 * parity is the bit. Because the host only decides *which* lattice point is nearest,
 * the change needed is bounded by half a lattice step whatever the music does.
 */

export const WATERMARK_PAYLOAD_BITS = 32;

const RATE = 16000;
const N = 512;
const HOP = 256;
const SLOT_FRAMES = 4; // 64 ms slots
const SLOT = SLOT_FRAMES * HOP;
const PAIR = 2 * SLOT;
const FIRST_BIN = 16; // 500 Hz
const SUBBAND_BINS = 8; // 250 Hz
const SUBBANDS = 28; // up to 7.5 kHz
const CELLS_PER_PAIR = SUBBANDS / 2;
const BITS_PER_PAIR = 4;
const MESSAGE_BITS = WATERMARK_PAYLOAD_BITS + 16;
const CODED_BITS = (MESSAGE_BITS + TAIL_BITS) * CODE_RATE_INVERSE;
const PAIRS_PER_PERIOD = ceil(CODED_BITS / BITS_PER_PAIR);
const PERIOD = PAIRS_PER_PERIOD * PAIR;
export const WATERMARK_PERIOD_SECONDS = PERIOD / RATE;
/** Decoder time grid: 2 ms steps over one period. */
const DECODE_HOP = 32;
const HYPOTHESES = PERIOD / DECODE_HOP;
/** Compression of the cell log-ratio: empty tiles saturate at ±ln((1 + K/2) / (K/2)). */
const KAPPA = 0.1;

export interface WatermarkTuning {
  /** Lattice step of a bit's summed cell features (nepers). */
  step: number;
  /**
   * Largest amplitude change of a tile, in nepers (0.2 = 1.7 dB). The masking model lowers it
   * tile by tile: a tile's change stays under its masked threshold (maskedGainCaps).
   */
  maxLogGain: number;
  /** Whether the masking model caps each tile's change (false: maxLogGain everywhere). */
  masking: boolean;
  /** Closed-loop passes that re-measure the marked audio and correct each bit. */
  refinePasses: number;
  /**
   * Power budget: a period whose mark would come closer than this to its host (in dB,
   * measured in the 16 kHz analysis band) is scaled down to it.
   */
  minSnrDb: number;
  /**
   * Minimum agreement of soft votes with the decoded codeword (0..1). A last guard, not the
   * one that refuses chance decodes: the Viterbi output of a window without a mark agrees
   * 0.77 at the median and 0.85 at most (9,600 phase candidates of 200 unmarked windows, all
   * but 4 above 0.7). Those are refused by the check code, the code range (codeBits) and the
   * neighbouring-phase test; correct decodes agreed 0.76 at the least in 9,000 marked windows.
   */
  minConfidence: number;
  /**
   * A decode found by the speed search below this agreement must decode to the same code
   * a grid step further from 1 too: a mark decoded at the wrong speed, stretched against
   * the grid, can lend a chance codeword some agreement (one wrong code at 0.83 in 1,200
   * bench decodes when 0.7 was enough).
   */
  searchMinConfidence: number;
}

export const DEFAULT_WATERMARK_TUNING: WatermarkTuning = {
  step: 3,
  maxLogGain: 0.5,
  masking: true,
  refinePasses: 2,
  minSnrDb: 32,
  minConfidence: 0.7,
  searchMinConfidence: 0.9,
};

interface Layout {
  /** For each coded bit: its slot pair within the period and its cells (subband pairs). */
  pairOfBit: Uint16Array;
  cellsOfBit: number[][];
  /** Orientation of every cell (which diagonal counts as "A"). */
  signOfCell: Float64Array;
  /** Lattice dither of every coded bit, as a fraction of the step. */
  dither: Float64Array;
}

let layout: Layout | undefined;

/**
 * Fixed keyed layout. Coded bits are interleaved over the period (neighbours in the
 * trellis land far apart in time); within a slot pair, each bit takes every
 * BITS_PER_PAIR-th subband pair so its cells span the whole band.
 */
function getLayout(): Layout {
  if (layout) return layout;
  const prng = new Prng(0x57a7e11);
  const slots = prng.shuffle(Array.from({ length: PAIRS_PER_PERIOD * BITS_PER_PAIR }, (_, i) => i));
  const pairOfBit = new Uint16Array(CODED_BITS);
  const cellsOfBit: number[][] = [];
  for (let bit = 0; bit < CODED_BITS; bit++) {
    const slot = slots[bit]!;
    const pair = floor(slot / BITS_PER_PAIR);
    const lane = slot % BITS_PER_PAIR;
    pairOfBit[bit] = pair;
    const cells: number[] = [];
    for (let q = lane; q < CELLS_PER_PAIR; q += BITS_PER_PAIR) cells.push(pair * CELLS_PER_PAIR + q);
    cellsOfBit.push(cells);
  }
  const signOfCell = Float64Array.from({ length: PAIRS_PER_PERIOD * CELLS_PER_PAIR }, () =>
    prng.next() < 0.5 ? 1 : -1,
  );
  const dither = Float64Array.from({ length: CODED_BITS }, () => prng.next());
  layout = { pairOfBit, cellsOfBit, signOfCell, dither };
  return layout;
}

function sqrtHann(size: number): Float64Array {
  const w = new Float64Array(size);
  for (let i = 0; i < size; i++) w[i] = sin((PI * i) / size);
  return w;
}

function codewordFor(payload: number): Uint8Array {
  const bits = numberToBits(payload, WATERMARK_PAYLOAD_BITS);
  return Uint8Array.from(convEncode([...bits, ...numberToBits(crc16(bits), 16)]));
}

function toAnalysisRate(pcm: Float32Array, sampleRate: number, channels: number): Float32Array {
  const mono = downmix(pcm, channels);
  return sampleRate === RATE ? mono : resample(mono, sampleRate, RATE);
}

/**
 * Feature of one cell from its tile energies (e[slot][band]): compressed log-ratio of
 * the (0,0)+(1,1) diagonal over the (0,1)+(1,0) one.
 */
function cellFeature(e00: number, e01: number, e10: number, e11: number): number {
  const a = e00 + e11;
  const b = e01 + e10;
  const bias = (KAPPA * (a + b)) / 2 + 1e-30;
  return log((a + bias) / (b + bias));
}

/** Lattice point for `bit` nearest to feature sum `d`. */
function latticeTarget(d: number, bit: number, dither: number, step: number): number {
  const u = d / step - dither - bit / 2;
  return (round(u) + dither + bit / 2) * step;
}

export interface WatermarkOptions {
  /** Interleaved channel count of `pcm` (default 1). The same mark goes into every channel. */
  channels?: number;
  tuning?: WatermarkTuning;
  /**
   * Decoding only: when the audio as given holds no mark, look for an echo to remove and
   * for a changed playback speed (default true). Audio known to be undistorted (our own
   * transcodes) skips them: they multiply the time spent on audio without a mark.
   */
  search?: boolean;
  /**
   * Decoding only: the caller's codes are 1 .. 2^codeBits - 1 (the worker's are 24 bits).
   * The payload bits above them are then known to be zero and serve as check bits beside the
   * CRC: a payload outside that range fails the check as a CRC mismatch does, so it is never
   * a hit and never shadows the real code. With 24-bit codes a decode of audio without a mark
   * passes by chance once in 2^24 Viterbi decodes instead of once in 2^16 (the CRC alone).
   * They are not given to the Viterbi decoder as known inputs: there they would correct a few
   * more errors but check nothing, every chance codeword being a code (back to 1 in 2^16).
   * Default: every 32-bit payload.
   */
  codeBits?: number;
}

/**
 * Return a marked copy of `pcm` (float samples, interleaved when `channels` > 1) carrying
 * `payload` (an unsigned 32-bit integer).
 */
export function embedWatermark(
  pcm: Float32Array,
  sampleRate: number,
  payload: number,
  options: WatermarkOptions = {},
): Float32Array {
  checkPayload(payload);
  const channels = options.channels ?? 1;
  if (!Number.isInteger(channels) || channels < 1)
    throw new Error(`channels must be a positive integer, got ${channels}`);
  if (!Number.isInteger(sampleRate) || sampleRate < RATE)
    throw new Error(`sample rate must be an integer of at least ${RATE} Hz, got ${sampleRate}`);
  const t = options.tuning ?? DEFAULT_WATERMARK_TUNING;
  const x = toAnalysisRate(pcm, sampleRate, channels);
  const mark = markSignal(x, codewordFor(payload), t);
  const up = sampleRate === RATE ? mark : resample(mark, RATE, sampleRate);
  const out = new Float32Array(pcm.length);
  const frames = pcm.length / channels;
  for (let i = 0; i < frames; i++) {
    const m = i < up.length ? up[i]! : 0;
    for (let c = 0; c < channels; c++) out[i * channels + c] = pcm[i * channels + c]! + m;
  }
  return out;
}

/** The rate at which the watermark is analysed and made (see watermarkSignal). */
export const WATERMARK_SAMPLE_RATE = RATE;

/**
 * The watermark alone, for mono `host` sampled at WATERMARK_SAMPLE_RATE: added to the host
 * in every channel, at any rate after band-limited resampling (the mark lies below 7.5 kHz),
 * it carries `payload`. embedWatermark does that itself; a caller with a faster resampler and
 * mixer at hand (ffmpeg) hands them this instead.
 */
export function watermarkSignal(
  host: Float32Array,
  payload: number,
  tuning: WatermarkTuning = DEFAULT_WATERMARK_TUNING,
): Float32Array {
  checkPayload(payload);
  return markSignal(host, codewordFor(payload), tuning);
}

/**
 * How audible `mark` is over mono `host` (both at WATERMARK_SAMPLE_RATE), tile by tile: the
 * mark's energy in each of the embedder's tiles over the tile's masked threshold (the masking
 * model's, from the host), for every tile whose host is not silent. Above 1, the model says
 * the mark can be heard there.
 */
export function watermarkMaskRatios(host: Float32Array, mark: Float32Array): Float64Array {
  const fft = new RealFft(N);
  const win = sqrtHann(N);
  const slots = floor(host.length / SLOT);
  const frames = slots * SLOT_FRAMES;
  const spectra = new Float64Array(frames * (N + 2));
  const hostTiles = new Float64Array(slots * SUBBANDS);
  const markTiles = new Float64Array(slots * SUBBANDS);
  const frame = new Float64Array(N);
  const analyse = (x: Float32Array, tiles: Float64Array, keep: boolean): void => {
    for (let f = 0; f < frames; f++) {
      const start = f * HOP + HOP / 2 - N / 2;
      for (let i = 0; i < N; i++) {
        const idx = start + i;
        frame[i] = idx >= 0 && idx < x.length ? x[idx]! * win[i]! : 0;
      }
      const spec = fft.forward(frame);
      if (keep) spectra.set(spec.subarray(0, N + 2), f * (N + 2));
      bandEnergiesInto(spec, tiles, floor(f / SLOT_FRAMES) * SUBBANDS, f % SLOT_FRAMES === 0);
    }
  };
  analyse(host, hostTiles, true);
  analyse(mark, markTiles, false);
  const threshold = new Float64Array(slots * SUBBANDS);
  tileThresholds(spectra, hostTiles, slots, threshold);
  const ratios: number[] = [];
  for (let i = 0; i < slots * SUBBANDS; i++) {
    if (hostTiles[i]! > 1e-12) ratios.push(markTiles[i]! / (threshold[i]! + 1e-30));
  }
  return Float64Array.from(ratios);
}

function checkPayload(payload: number): void {
  if (!Number.isInteger(payload) || payload < 0 || payload > 0xffffffff) {
    throw new Error(`watermark payload must be an unsigned 32-bit integer, got ${payload}`);
  }
}

/** The additive watermark signal (at the analysis rate) for host `x`. */
function markSignal(x: Float32Array, codeword: Uint8Array, t: WatermarkTuning): Float32Array {
  const { pairOfBit, cellsOfBit, signOfCell, dither } = getLayout();
  const fft = new RealFft(N);
  const win = sqrtHann(N);
  const out = new Float32Array(x.length);
  const framesPerCopy = PAIRS_PER_PERIOD * 2 * SLOT_FRAMES;
  const spectra = new Float64Array(framesPerCopy * (N + 2));
  const frame = new Float64Array(N);
  const modified = new Float64Array(N + 2);
  const timeOut = new Float64Array(N);
  const copyOut = new Float64Array(framesPerCopy * HOP + N);
  const tiles = new Float64Array(PAIRS_PER_PERIOD * 2 * SUBBANDS);
  const logGain = new Float64Array(PAIRS_PER_PERIOD * 2 * SUBBANDS);
  const targets = new Float64Array(CODED_BITS);
  const capOfCell = new Float64Array(PAIRS_PER_PERIOD * CELLS_PER_PAIR);
  const totalPairs = ceil(x.length / PAIR);

  for (let pair0 = 0; pair0 < totalPairs; pair0 += PAIRS_PER_PERIOD) {
    const pairs = min(PAIRS_PER_PERIOD, totalPairs - pair0);
    const frames = pairs * 2 * SLOT_FRAMES;
    const firstFrame = pair0 * 2 * SLOT_FRAMES;
    // Frame f is centred at f * 256 + 128, so slot s holds frames 4s..4s+3.
    const frameStart = (f: number): number => (firstFrame + f) * HOP + HOP / 2 - N / 2;
    for (let f = 0; f < frames; f++) {
      const start = frameStart(f);
      for (let i = 0; i < N; i++) {
        const idx = start + i;
        frame[i] = idx >= 0 && idx < x.length ? x[idx]! * win[i]! : 0;
      }
      const spec = fft.forward(frame);
      spectra.set(spec.subarray(0, N + 2), f * (N + 2));
      bandEnergiesInto(spec, tiles, floor(f / SLOT_FRAMES) * SUBBANDS, f % SLOT_FRAMES === 0);
    }
    maskedGainCaps(spectra, tiles, pairs, t, capOfCell);
    let meanTile = 0;
    for (let i = 0; i < pairs * 2 * SUBBANDS; i++) meanTile += tiles[i]!;
    meanTile = meanTile / (pairs * 2 * SUBBANDS) + 1e-30;
    logGain.fill(0);
    // Targets come from the host; later passes re-measure and correct towards them.
    for (let bit = 0; bit < CODED_BITS; bit++) {
      if (pairOfBit[bit]! >= pairs) continue;
      targets[bit] = latticeTarget(
        featureSum(tiles, cellsOfBit[bit]!, signOfCell),
        codeword[bit]!,
        dither[bit]!,
        t.step,
      );
    }
    for (let pass = 0; pass <= t.refinePasses; pass++) {
      for (let bit = 0; bit < CODED_BITS; bit++) {
        if (pairOfBit[bit]! >= pairs) continue;
        moveBit(tiles, cellsOfBit[bit]!, signOfCell, targets[bit]!, meanTile, capOfCell, logGain);
      }
      synthesize(frames);
      if (pass === t.refinePasses) break;
      // Re-analyse host + mark with the same frames.
      for (let f = 0; f < frames; f++) {
        const start = frameStart(f);
        for (let i = 0; i < N; i++) {
          const idx = start + i;
          const xs = idx >= 0 && idx < x.length ? x[idx]! : 0;
          frame[i] = (xs + copyOut[i + f * HOP]!) * win[i]!;
        }
        bandEnergiesInto(fft.forward(frame), tiles, floor(f / SLOT_FRAMES) * SUBBANDS, f % SLOT_FRAMES === 0);
      }
    }
    const base = frameStart(0);
    let hostEnergy = 0;
    let markEnergy = 0;
    for (let i = 0; i < frames * HOP + N; i++) {
      const idx = base + i;
      if (idx >= 0 && idx < x.length) hostEnergy += x[idx]! * x[idx]!;
      markEnergy += copyOut[i]! * copyOut[i]!;
    }
    const budget = hostEnergy * 10 ** (-t.minSnrDb / 10);
    const scale = markEnergy > budget ? sqrt(budget / markEnergy) : 1;
    for (let i = 0; i < frames * HOP + N; i++) {
      const idx = base + i;
      if (idx >= 0 && idx < out.length) out[idx]! += copyOut[i]! * scale;
    }
  }
  return out;

  /** copyOut = overlap-add of ISTFT(X * (exp(logGain) - 1)) for this copy. */
  function synthesize(frames: number): void {
    copyOut.fill(0);
    for (let f = 0; f < frames; f++) {
      const s = floor(f / SLOT_FRAMES);
      modified.fill(0);
      const base = f * (N + 2);
      let any = false;
      for (let k = 0; k < SUBBANDS; k++) {
        const g = exp(logGain[s * SUBBANDS + k]!) - 1;
        if (g === 0) continue;
        any = true;
        for (let b = FIRST_BIN + k * SUBBAND_BINS; b < FIRST_BIN + (k + 1) * SUBBAND_BINS; b++) {
          modified[2 * b] = spectra[base + 2 * b]! * g;
          modified[2 * b + 1] = spectra[base + 2 * b + 1]! * g;
        }
      }
      if (!any) continue;
      fft.inverse(modified, timeOut);
      for (let i = 0; i < N; i++) copyOut[f * HOP + i]! += timeOut[i]! * win[i]!;
    }
  }
}

function bandEnergiesInto(spec: Float64Array, tiles: Float64Array, offset: number, reset: boolean): void {
  for (let k = 0; k < SUBBANDS; k++) {
    let e = 0;
    for (let b = FIRST_BIN + k * SUBBAND_BINS; b < FIRST_BIN + (k + 1) * SUBBAND_BINS; b++) {
      e += spec[2 * b]! * spec[2 * b]! + spec[2 * b + 1]! * spec[2 * b + 1]!;
    }
    if (reset) tiles[offset + k] = e;
    else tiles[offset + k]! += e;
  }
}

let maskingModel: MaskingModel | undefined;

/** The masking model of the watermark's subbands (centres 625 Hz .. 7375 Hz). */
function getMaskingModel(): MaskingModel {
  maskingModel ??= new MaskingModel(
    Array.from({ length: SUBBANDS }, (_, k) => ((FIRST_BIN + (k + 0.5) * SUBBAND_BINS) * RATE) / N),
  );
  return maskingModel;
}

/**
 * Masked threshold of every tile of `slots` slots (slot * SUBBANDS + band) into `out`, from
 * the host's tile energies and the tonality of each tile's bins (`spectra`: the slots'
 * frames, SLOT_FRAMES per slot, N + 2 interleaved values each).
 */
function tileThresholds(spectra: Float64Array, tiles: Float64Array, slots: number, out: Float64Array): void {
  const model = getMaskingModel();
  const tonal = new Float64Array(SUBBANDS);
  const powers = new Float64Array(SLOT_FRAMES * SUBBAND_BINS);
  for (let s = 0; s < slots; s++) {
    for (let k = 0; k < SUBBANDS; k++) {
      let i = 0;
      for (let f = s * SLOT_FRAMES; f < (s + 1) * SLOT_FRAMES; f++) {
        const base = f * (N + 2);
        for (let b = FIRST_BIN + k * SUBBAND_BINS; b < FIRST_BIN + (k + 1) * SUBBAND_BINS; b++) {
          powers[i++] = spectra[base + 2 * b]! ** 2 + spectra[base + 2 * b + 1]! ** 2;
        }
      }
      tonal[k] = tonality(powers);
    }
    model.thresholds(
      tiles.subarray(s * SUBBANDS, (s + 1) * SUBBANDS),
      tonal,
      out.subarray(s * SUBBANDS, (s + 1) * SUBBANDS),
    );
  }
}

/**
 * Largest log-gain of every cell of `pairs` slot pairs into `caps`: maxLogGain, lowered by the
 * masking model (tuning.masking) so that no tile of the cell changes by more than its masked
 * threshold allows. A gain l adds (e^l - 1)^2 of a tile's energy E; under threshold T that is
 * |l| <= ln(1 + sqrt(T / E)), the bound of a raise (a cut may go further, and is held to it).
 */
function maskedGainCaps(
  spectra: Float64Array,
  tiles: Float64Array,
  pairs: number,
  t: WatermarkTuning,
  caps: Float64Array,
): void {
  caps.fill(t.maxLogGain);
  if (!t.masking) return;
  const threshold = new Float64Array(pairs * 2 * SUBBANDS);
  tileThresholds(spectra, tiles, pairs * 2, threshold);
  for (let cell = 0; cell < pairs * CELLS_PER_PAIR; cell++) {
    for (const i of cellTileIndex(cell)) {
      const cap = log(1 + sqrt(threshold[i]! / (tiles[i]! + 1e-30)));
      if (cap < caps[cell]!) caps[cell] = cap;
    }
  }
}

/** Tile indices (slot * SUBBANDS + band) of a cell: [e00, e01, e10, e11]. */
function cellTileIndex(cell: number): [number, number, number, number] {
  const pair = floor(cell / CELLS_PER_PAIR);
  const q = cell % CELLS_PER_PAIR;
  const s0 = 2 * pair * SUBBANDS;
  const s1 = s0 + SUBBANDS;
  return [s0 + 2 * q, s0 + 2 * q + 1, s1 + 2 * q, s1 + 2 * q + 1];
}

function featureSum(tiles: Float64Array, cells: number[], signOfCell: Float64Array): number {
  let d = 0;
  for (const cell of cells) {
    const [i00, i01, i10, i11] = cellTileIndex(cell);
    d += signOfCell[cell]! * cellFeature(tiles[i00]!, tiles[i01]!, tiles[i10]!, tiles[i11]!);
  }
  return d;
}

/**
 * Move one bit's feature sum from its measured value to `target`, spending the change
 * where it is cheapest: each cell's share is proportional to its feature slope over its
 * energy (so loud tiles, costly in SNR, move least), with per-tile gains capped.
 * Gains are added to `logGain`; `tiles` are the currently measured (marked) energies.
 */
function moveBit(
  tiles: Float64Array,
  cells: number[],
  signOfCell: Float64Array,
  target: number,
  meanTile: number,
  capOfCell: Float64Array,
  logGain: Float64Array,
): void {
  const n = cells.length;
  const lg = new Float64Array(n);
  const base = new Float64Array(n * 4);
  const applied = new Float64Array(n);
  cells.forEach((cell, c) => {
    const idx = cellTileIndex(cell);
    for (let k = 0; k < 4; k++) base[c * 4 + k] = tiles[idx[k]!]!;
    applied[c] = logGain[idx[0]!]! * signOfCell[cell]!; // current gain already in the tiles
  });
  // Oriented feature of cell c after an extra log-gain l (A diagonal up by e^l, B down).
  const feature = (c: number, l: number): number => {
    const s = signOfCell[cells[c]!]!;
    const up = exp(2 * s * l);
    const e00 = base[c * 4]! * up;
    const e11 = base[c * 4 + 3]! * up;
    const e01 = base[c * 4 + 1]! / up;
    const e10 = base[c * 4 + 2]! / up;
    return s * cellFeature(e00, e01, e10, e11);
  };
  for (let iter = 0; iter < 4; iter++) {
    let d = 0;
    for (let c = 0; c < n; c++) d += feature(c, lg[c]!);
    const delta = target - d;
    if (abs(delta) < 1e-3) break;
    // Linearised least-cost split: lg_c ∝ slope_c / cost_c.
    const slope = new Float64Array(n);
    const weight = new Float64Array(n);
    let denom = 0;
    for (let c = 0; c < n; c++) {
      slope[c] = (feature(c, lg[c]! + 1e-3) - feature(c, lg[c]! - 1e-3)) / 2e-3;
      const energy = (base[c * 4]! + base[c * 4 + 1]! + base[c * 4 + 2]! + base[c * 4 + 3]!) / (4 * meanTile);
      const cap = capOfCell[cells[c]!]!;
      const free = abs(applied[c]! + lg[c]!) < cap - 1e-9 || sign(delta) !== sign(applied[c]! + lg[c]!);
      weight[c] = free ? slope[c]! / (energy + 0.05) : 0;
      denom += slope[c]! * weight[c]!;
    }
    if (denom <= 1e-12) break;
    for (let c = 0; c < n; c++) {
      const next = lg[c]! + (delta * weight[c]!) / denom;
      const cap = capOfCell[cells[c]!]!;
      const total = max(-cap, min(cap, applied[c]! + next));
      lg[c] = total - applied[c]!;
    }
  }
  cells.forEach((cell, c) => {
    if (lg[c] === 0) return;
    const s = signOfCell[cell]! * lg[c]!;
    const [i00, i01, i10, i11] = cellTileIndex(cell);
    logGain[i00]! += s;
    logGain[i11]! += s;
    logGain[i01]! -= s;
    logGain[i10]! -= s;
  });
}

export interface WatermarkDetection {
  payload: number;
  /** Share of soft-vote weight agreeing with the decoded codeword (0..1). */
  confidence: number;
  /** Position of a period start inside the analysed audio, in seconds. */
  phaseSeconds: number;
  /** Playback speed the mark was found at (1 unless the speed search found it). */
  speed: number;
}

/**
 * Tape-style speeds (tempo and pitch together) tried, nearest first, when the audio as
 * given holds no mark. One decode tolerates about ±0.3 %, so 0.6 % steps cover ±2.7 %.
 */
const SPEED_STEP = 0.006;
export const WATERMARK_SPEEDS = [1, 2, 3, 4].flatMap((k) => [1 + k * SPEED_STEP, 1 - k * SPEED_STEP]);
/** Phase hypotheses per decode that get a full (Viterbi) decode: the best by lattice fit. */
const CANDIDATES = 48;

/**
 * Blind decoding from any stretch holding one full period plus a little (5 s is
 * plenty). Returns null when no payload passes the check code, the confidence threshold
 * and the neighbouring-phase agreement test. When the audio as given holds no mark, its
 * speed is searched (WATERMARK_SPEEDS): each candidate speed is undone by resampling and
 * decoded again.
 */
export function decodeWatermark(
  pcm: Float32Array,
  sampleRate: number,
  options: WatermarkOptions = {},
): WatermarkDetection | null {
  const t = options.tuning ?? DEFAULT_WATERMARK_TUNING;
  if (!Number.isInteger(sampleRate) || sampleRate < RATE)
    throw new Error(`sample rate must be an integer of at least ${RATE} Hz, got ${sampleRate}`);
  const isCode = codeCheck(options.codeBits);
  const x = toAnalysisRate(pcm, sampleRate, options.channels ?? 1);
  const plain = decodeAnalysis(x, t, isCode);
  if (plain) return { ...plain, speed: 1 };
  if (options.search === false) return null;
  for (const echo of findEchoes(x)) {
    const unechoed = decodeAnalysis(removeEcho(x, echo), t, isCode);
    if (unechoed) return { ...unechoed, speed: 1 };
  }
  // Played `speed` times faster: stretch it back by `speed` (and its pitch down with it).
  const atSpeed = (speed: number) => decodeAnalysis(resample(x, RATE, round(RATE * speed)), t, isCode);
  for (const speed of WATERMARK_SPEEDS) {
    const found = atSpeed(speed);
    if (!found) continue;
    // Below the search's threshold, the same code must decode a grid step further out too.
    const further = speed + (speed > 1 ? SPEED_STEP : -SPEED_STEP);
    if (found.confidence < t.searchMinConfidence && atSpeed(further)?.payload !== found.payload) continue;
    return { ...found, phaseSeconds: found.phaseSeconds / speed, speed };
  }
  return null;
}

/** Which decoded payloads are codes, for WatermarkOptions.codeBits. */
function codeCheck(codeBits: number | undefined): (payload: number) => boolean {
  if (codeBits === undefined) return () => true;
  if (!Number.isInteger(codeBits) || codeBits < 1 || codeBits > WATERMARK_PAYLOAD_BITS) {
    throw new Error(`codeBits must be an integer from 1 to ${WATERMARK_PAYLOAD_BITS}, got ${codeBits}`);
  }
  const end = 2 ** codeBits;
  return (payload) => payload > 0 && payload < end;
}

/** Cepstrum frames of the echo search: 512 ms, so an echo of up to 250 ms overlaps its source. */
const ECHO_FRAME = 8192;
const ECHO_MIN_DELAY = 320; // 20 ms
const ECHO_MAX_DELAY = 4000; // 250 ms
/** An echo is only removed when its cepstral peak stands this many deviations out. */
const ECHO_MIN_Z = 6;

/** Echo delays tried, strongest first (music has cepstral peaks of its own)... */
const ECHO_CANDIDATES = 2;
/** ...each at these multiples of the gain its cepstral peak suggests. */
const ECHO_GAIN_FACTORS = [1, 1.8];

interface Echo {
  /** Delay in samples at the analysis rate. */
  delay: number;
  /** Amplitude of the echo relative to the direct sound. */
  gain: number;
}

/**
 * Single echoes (y = x + a x(t - D): a room, an `aecho`) found blind: the mean real
 * cepstrum of the window has a peak of height about a at quefrency D. Answers the clear
 * peaks, strongest first. A strong echo swamps the mark's tile ratios with the ratios of
 * other slots (and, coherent with the mark, beats with it), which the decoder cannot undo.
 */
function findEchoes(x: Float32Array): Echo[] {
  const fft = new RealFft(ECHO_FRAME);
  const win = new Float64Array(ECHO_FRAME);
  for (let i = 0; i < ECHO_FRAME; i++) win[i] = 0.5 - 0.5 * cos((2 * PI * i) / ECHO_FRAME);
  const frame = new Float64Array(ECHO_FRAME);
  const power = new Float64Array(ECHO_FRAME / 2 + 1);
  const logSpec = new Float64Array(ECHO_FRAME + 2);
  const ceps = new Float64Array(ECHO_FRAME);
  const mean = new Float64Array(ECHO_MAX_DELAY + 2);
  let frames = 0;
  for (let start = 0; start + ECHO_FRAME <= x.length; start += ECHO_FRAME / 2) {
    let energy = 0;
    for (let i = 0; i < ECHO_FRAME; i++) {
      frame[i] = x[start + i]! * win[i]!;
      energy += frame[i]! * frame[i]!;
    }
    if (energy < 1e-9) continue;
    fft.power(frame, power);
    const floorPower = (energy / ECHO_FRAME) * 1e-6;
    for (let k = 0; k <= ECHO_FRAME / 2; k++) {
      logSpec[2 * k] = log(power[k]! + floorPower);
      logSpec[2 * k + 1] = 0;
    }
    fft.inverse(logSpec, ceps);
    for (let q = ECHO_MIN_DELAY - 1; q <= ECHO_MAX_DELAY + 1; q++) mean[q]! += ceps[q]!;
    frames++;
  }
  if (frames < 4) return [];
  for (let q = ECHO_MIN_DELAY - 1; q <= ECHO_MAX_DELAY + 1; q++) mean[q]! /= frames;
  // Peaks against the median and spread of the searched quefrencies.
  const values = Array.from(mean.subarray(ECHO_MIN_DELAY, ECHO_MAX_DELAY + 1)).sort((a, b) => a - b);
  const median = values[values.length >> 1]!;
  const spread = values.map((v) => abs(v - median)).sort((a, b) => a - b)[values.length >> 1]! * 1.4826 + 1e-12;
  const peaks: number[] = [];
  for (let q = ECHO_MIN_DELAY; q <= ECHO_MAX_DELAY; q++) {
    const v = mean[q]!;
    if (v >= mean[q - 1]! && v > mean[q + 1]! && (v - median) / spread >= ECHO_MIN_Z) peaks.push(q);
  }
  peaks.sort((a, b) => mean[b]! - mean[a]!);
  let same = 0;
  for (let i = 0; i < ECHO_FRAME; i++) same += win[i]! * win[i]!;
  return peaks.slice(0, ECHO_CANDIDATES).flatMap((delay) => {
    // The window shrinks the peak by the overlap of a frame with itself D later; the
    // music's own spectrum shrinks it further by up to about half (measured on aecho).
    let shifted = 0;
    for (let i = 0; i + delay < ECHO_FRAME; i++) shifted += win[i]! * win[i + delay]!;
    const gain = (mean[delay]! - median) * (same / shifted);
    return ECHO_GAIN_FACTORS.map((f) => ({ delay, gain: min(0.9, gain * f) }));
  });
}

/** `x` through the inverse of an echo: x - a x(t - D), recursively. */
function removeEcho(x: Float32Array, { delay, gain }: Echo): Float32Array {
  const out = new Float32Array(x.length);
  for (let i = 0; i < x.length; i++) out[i] = x[i]! - (i >= delay ? gain * out[i - delay]! : 0);
  return out;
}

/** One blind decode of 16 kHz mono `x` as it is (no speed search). */
function decodeAnalysis(
  x: Float32Array,
  t: WatermarkTuning,
  isCode: (payload: number) => boolean,
): Omit<WatermarkDetection, 'speed'> | null {
  const { pairOfBit, cellsOfBit, signOfCell, dither } = getLayout();
  const frames = floor((x.length - N) / DECODE_HOP) + 1;
  const pairFrames = PAIR / DECODE_HOP; // 16 decode frames per slot pair
  if (frames < HYPOTHESES + pairFrames) return null;
  const fft = new RealFft(N);
  const win = sqrtHann(N);
  const frame = new Float64Array(N);
  // Band energies on the decode grid (frame j centred at j * DECODE_HOP + 256).
  const band = new Float64Array(frames * SUBBANDS);
  for (let j = 0; j < frames; j++) {
    for (let i = 0; i < N; i++) frame[i] = x[j * DECODE_HOP + i]! * win[i]!;
    bandEnergiesInto(fft.forward(frame), band, j * SUBBANDS, true);
  }
  // Tiles of a slot pair whose first frame is j: slot 0 = frames j, j+2, j+4, j+6 and
  // slot 1 = the same 8 frames (64 ms) later. Cell features per (j, subband pair).
  const step = HOP / DECODE_HOP;
  const slotFrames = SLOT / DECODE_HOP;
  const starts = frames - slotFrames - step * (SLOT_FRAMES - 1);
  const features = new Float64Array(starts * CELLS_PER_PAIR);
  const tile = (j: number, k: number): number => {
    let e = 0;
    for (let f = 0; f < SLOT_FRAMES; f++) e += band[(j + f * step) * SUBBANDS + k]!;
    return e;
  };
  for (let j = 0; j < starts; j++) {
    for (let q = 0; q < CELLS_PER_PAIR; q++) {
      features[j * CELLS_PER_PAIR + q] = cellFeature(
        tile(j, 2 * q),
        tile(j, 2 * q + 1),
        tile(j + slotFrames, 2 * q),
        tile(j + slotFrames, 2 * q + 1),
      );
    }
  }
  // Hypothesis h: a period starts at sample h * DECODE_HOP (mod period). Embed frame
  // centres are slotStart + 128 + 256 f; decode frame j is centred at DECODE_HOP j + 256,
  // so a slot pair starting at sample p begins at decode frame (p - 128) / DECODE_HOP.
  const softInto = (h: number, soft: Float64Array): void => {
    soft.fill(0);
    for (let bit = 0; bit < CODED_BITS; bit++) {
      const cells = cellsOfBit[bit]!;
      // Every copy of the pair inside the window, from the earliest one.
      const first = (((h - 128 / DECODE_HOP + pairOfBit[bit]! * pairFrames) % HYPOTHESES) + HYPOTHESES) % HYPOTHESES;
      for (let j = first; j < starts; j += HYPOTHESES) {
        let d = 0;
        for (const cell of cells) d += signOfCell[cell]! * features[j * CELLS_PER_PAIR + (cell % CELLS_PER_PAIR)]!;
        // +1 at the bit-1 lattice, -1 at the bit-0 lattice.
        soft[bit]! -= cos(2 * PI * (d / t.step - dither[bit]!));
      }
    }
  };
  // Lattice fit of every hypothesis: at a mark's phase every feature sum sits on a lattice
  // point (|soft| near its number of copies); elsewhere it falls anywhere.
  const soft = new Float64Array(CODED_BITS);
  const fit = new Float64Array(HYPOTHESES);
  for (let h = 0; h < HYPOTHESES; h++) {
    softInto(h, soft);
    let s = 0;
    for (let bit = 0; bit < CODED_BITS; bit++) s += abs(soft[bit]!);
    fit[h] = s;
  }
  const order = Array.from({ length: HYPOTHESES }, (_, h) => h).sort((a, b) => fit[b]! - fit[a]!);

  const found = new Map<number, { hits: number; confidence: number; phase: number }>();
  for (const h of order.slice(0, CANDIDATES)) {
    softInto(h, soft);
    const message = viterbiDecode(soft, MESSAGE_BITS);
    const payloadBits = message.slice(0, WATERMARK_PAYLOAD_BITS);
    if (crc16(payloadBits) !== bitsToNumber(message.slice(WATERMARK_PAYLOAD_BITS))) continue;
    const payload = bitsToNumber(payloadBits);
    if (!isCode(payload)) continue;
    const code = codewordFor(payload);
    let agree = 0;
    let total = 0;
    for (let i = 0; i < CODED_BITS; i++) {
      agree += (code[i] ? 1 : -1) * soft[i]!;
      total += abs(soft[i]!);
    }
    const confidence = total > 0 ? agree / total : 0;
    if (confidence < t.minConfidence) continue;
    const prev = found.get(payload);
    if (!prev) found.set(payload, { hits: 1, confidence, phase: h });
    else {
      prev.hits++;
      if (confidence > prev.confidence) {
        prev.confidence = confidence;
        prev.phase = h;
      }
    }
  }
  let best: Omit<WatermarkDetection, 'speed'> | null = null;
  for (const [payload, f] of found) {
    // A real mark decodes at neighbouring 2 ms phases too; a chance CRC match does not.
    if (f.hits < 2) continue;
    if (!best || f.confidence > best.confidence)
      best = { payload, confidence: f.confidence, phaseSeconds: (f.phase * DECODE_HOP) / RATE };
  }
  return best;
}
