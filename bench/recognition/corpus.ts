/**
 * The watermark half's generated corpus and the bench's shared helpers (the fingerprint
 * half renders its own, fingerprint.ts). Everything is deterministic; the fingerprint
 * half's audio is cached under bench/.cache/recognition.
 */
import { join, resolve } from 'node:path';
import { SOURCE_RATE, transformBatch, type Transform } from './ffmpeg.js';
import type { Pool } from './pool.js';

export const QUICK = process.env.BENCH_RECOGNITION_QUICK === '1';
export const TRACKS = QUICK ? 60 : 500;
export const TRACK_SECONDS = 45;
/** Marked excerpts (each decoded once per condition) and unmarked windows. */
export const WM_EXCERPTS = QUICK ? 20 : 200;
export const WM_EXCERPT_SECONDS = 10;
export const WM_WINDOW_SECONDS = 5;
export const WM_UNMARKED = QUICK ? 50 : 500;
/** Excerpts processed together (bounds memory: 48 kHz stereo float is 384 kB/s). */
export const WM_CHUNK = 50;

export const CACHE = resolve('bench/.cache/recognition');
export const WORK = join(CACHE, 'work');

// ---------------------------------------------------------------------------------------
// Conditions

export interface Condition {
  id: string;
  label: string;
  /** Through ffmpeg first (AAC round trip and/or resampling), then `apply`. */
  transform?: Transform;
  apply?: (x: Float32Array, seed: number) => Float32Array;
}

/** Gain in dB; samples beyond full scale clip, as they would in any fixed-point path. */
export function gain(x: Float32Array, db: number): Float32Array {
  const g = 10 ** (db / 20);
  return x.map((v) => Math.max(-1, Math.min(1, v * g)));
}

export const WM_CONDITIONS: Condition[] = [
  { id: 'clean', label: 'clean' },
  { id: 'aac128', label: 'AAC 128 kbps (stereo)', transform: { aacKbps: 128, outRate: SOURCE_RATE } },
  { id: 'rs44', label: '48 -> 44.1 kHz (ffmpeg)', transform: { outRate: 44_100 } },
  { id: 'gain-6', label: 'gain -6 dB', apply: (x) => gain(x, -6) },
  { id: 'gain+6', label: 'gain +6 dB (clipped)', apply: (x) => gain(x, 6) },
  {
    id: 'chain',
    label: 'AAC 128 kbps + 44.1 kHz + gain -6 dB',
    transform: { aacKbps: 128, outRate: 44_100 },
    apply: (x) => gain(x, -6),
  },
  { id: 'aac64', label: 'AAC 64 kbps stereo (beyond the goals)', transform: { aacKbps: 64, outRate: SOURCE_RATE } },
];

/** Apply one condition to many excerpts at 48 kHz; answers the excerpts and their rate. */
export function degrade(
  excerpts: Float32Array[],
  channels: number,
  condition: Condition,
  seeds: number[],
): { pcm: Float32Array[]; rate: number } {
  let pcm = excerpts;
  let rate = SOURCE_RATE;
  if (condition.transform) {
    pcm = transformBatch(pcm, channels, condition.transform, WORK);
    rate = condition.transform.outRate;
  }
  if (condition.apply) pcm = pcm.map((x, i) => condition.apply!(x, seeds[i]!));
  return { pcm, rate };
}

// ---------------------------------------------------------------------------------------
// Helpers

export const log = (msg: string): void => {
  process.stderr.write(`${msg}\n`);
};

export function stereo(mono: Float32Array): Float32Array {
  const out = new Float32Array(mono.length * 2);
  for (let i = 0; i < mono.length; i++) out[2 * i] = out[2 * i + 1] = mono[i]!;
  return out;
}

// ---------------------------------------------------------------------------------------
// Watermark corpus

/** A 48 kHz mono excerpt of a corpus (or unindexed) track, rendered by the pool. */
export async function excerpt(pool: Pool, seed: number, start: number, seconds: number): Promise<Float32Array> {
  const { pcm } = await pool.run<{ pcm: Float32Array }>({
    kind: 'excerpt',
    seed,
    trackSeconds: TRACK_SECONDS,
    rate: SOURCE_RATE,
    start,
    seconds,
  });
  return pcm;
}

export const pct = (n: number, d: number): string => (d === 0 ? '-' : `${((100 * n) / d).toFixed(1)} %`);
export const fmt = (v: number, digits = 0): string => (Number.isFinite(v) ? v.toFixed(digits) : '-');
