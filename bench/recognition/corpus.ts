/**
 * The generated corpus and query set of the recognition bench, shared by run.ts (and by
 * any experiment that wants exactly the same audio). Everything is deterministic; audio
 * is cached under bench/.cache/recognition.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FP_SAMPLE_RATE } from '@app/recognition';
import { Prng } from '../../libs/recognition/src/dsp/prng.js';
import { resample } from '../../libs/recognition/src/dsp/resample.js';
import { addPinkNoise } from '../../libs/recognition/src/testing/signals.js';
import { SynthTrack } from '../../libs/recognition/src/testing/synth.js';
import { SOURCE_RATE, transformBatch, type Transform } from './ffmpeg.js';
import type { Pool } from './pool.js';

export const QUICK = process.env.BENCH_RECOGNITION_QUICK === '1';
export const TRACKS = QUICK ? 60 : 500;
export const TRACK_SECONDS = 45;
export const QUERY_LENGTHS = [5, 30] as const;
export type QueryLength = (typeof QUERY_LENGTHS)[number];
/** Indexed queries per (length, condition). */
export const PER_CONDITION: Record<QueryLength, number> = { 5: QUICK ? 15 : 150, 30: QUICK ? 3 : 30 };
/** Queries from tracks that are not indexed, spread over the conditions. */
export const UNINDEXED: Record<QueryLength, number> = { 5: QUICK ? 40 : 400, 30: QUICK ? 10 : 100 };
const UNINDEXED_SEED_BASE = 1_000_000;
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

export const FP_CONDITIONS: Condition[] = [
  { id: 'clean', label: 'clean' },
  { id: 'aac64', label: 'AAC 64 kbps (mono)', transform: { aacKbps: 64, outRate: SOURCE_RATE } },
  { id: 'pink10', label: 'pink noise, 10 dB SNR', apply: (x, s) => addPinkNoise(x, 10, s) },
  { id: 'pink0', label: 'pink noise, 0 dB SNR', apply: (x, s) => addPinkNoise(x, 0, s) },
  { id: 'gain-6', label: 'gain -6 dB', apply: (x) => gain(x, -6) },
  { id: 'gain+6', label: 'gain +6 dB (clipped)', apply: (x) => gain(x, 6) },
  { id: 'rs44', label: '48 -> 44.1 kHz (ffmpeg)', transform: { outRate: 44_100 } },
];

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

/**
 * Cache key: a digest of what the generators produce (a few seconds of several songs,
 * resampled and noisy), so any change to the synthesizer, the resampler or the noise
 * invalidates the cache while edits that change no sample do not; plus the run's sizes.
 */
let generatorDigest: string | undefined;
function cacheKey(...extra: (string | number)[]): string {
  if (!generatorDigest) {
    const h = createHash('sha1');
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const x = new SynthTrack(seed, TRACK_SECONDS).render(SOURCE_RATE, seed, 2);
      h.update(x);
      h.update(resample(x, SOURCE_RATE, FP_SAMPLE_RATE));
      h.update(resample(x, 44_100, FP_SAMPLE_RATE));
      h.update(addPinkNoise(x, 0, seed));
    }
    generatorDigest = h.digest('hex');
  }
  return createHash('sha1').update(generatorDigest).update(extra.join('|')).digest('hex').slice(0, 12);
}

function writeAtomic(file: string, data: Uint8Array): void {
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(`${file}.tmp`, data);
  renameSync(`${file}.tmp`, file);
}

export const log = (msg: string): void => {
  process.stderr.write(`${msg}\n`);
};

export function stereo(mono: Float32Array): Float32Array {
  const out = new Float32Array(mono.length * 2);
  for (let i = 0; i < mono.length; i++) out[2 * i] = out[2 * i + 1] = mono[i]!;
  return out;
}

// ---------------------------------------------------------------------------------------
// Fingerprint

export interface Query {
  length: QueryLength;
  condition: Condition;
  seed: number;
  /** True start inside the track (seconds, on the 48 kHz sample grid). */
  offset: number;
  indexed: boolean;
}

/**
 * The query plan. `seed` picks another, independent set (another draw of offsets and
 * indexed tracks, other unindexed tracks): for tuning on one set and checking on another.
 */
export function planQueries(seed = 0x5eed): Query[] {
  const prng = new Prng(seed);
  const queries: Query[] = [];
  const offsetFor = (length: number): number =>
    Math.round(prng.range(0, TRACK_SECONDS - length - 0.01) * SOURCE_RATE) / SOURCE_RATE;
  for (const length of QUERY_LENGTHS) {
    for (const condition of FP_CONDITIONS) {
      for (let i = 0; i < PER_CONDITION[length]; i++) {
        const seed = prng.int(1, TRACKS);
        queries.push({ length, condition, seed, offset: offsetFor(length), indexed: true });
      }
    }
  }
  let next = UNINDEXED_SEED_BASE + (seed === 0x5eed ? 0 : (seed % 1000) * 1000);
  for (const length of QUERY_LENGTHS) {
    for (let i = 0; i < UNINDEXED[length]; i++) {
      const condition = FP_CONDITIONS[i % FP_CONDITIONS.length]!;
      queries.push({ length, condition, seed: next++, offset: offsetFor(length), indexed: false });
    }
  }
  return queries;
}

/** The index's view of every track: 8 kHz mono, 16-bit. */
export async function corpus(pool: Pool): Promise<Int16Array> {
  const perTrack = TRACK_SECONDS * FP_SAMPLE_RATE;
  const file = join(CACHE, `corpus-${TRACKS}-${cacheKey('corpus-v1', TRACKS, TRACK_SECONDS)}.i16`);
  if (existsSync(file)) {
    const b = readFileSync(file);
    return new Int16Array(b.buffer, b.byteOffset, b.byteLength / 2);
  }
  log(`rendering ${TRACKS} tracks of ${TRACK_SECONDS} s at 48 kHz (cached afterwards)…`);
  const t0 = performance.now();
  const all = new Int16Array(TRACKS * perTrack);
  let done = 0;
  await Promise.all(
    Array.from({ length: TRACKS }, async (_, k) => {
      const seed = k + 1;
      const { pcm } = await pool.run<{ pcm: Float32Array }>({
        kind: 'track8k',
        seed,
        trackSeconds: TRACK_SECONDS,
        rate: SOURCE_RATE,
      });
      const base = k * perTrack;
      for (let i = 0; i < perTrack; i++) all[base + i] = Math.round(Math.max(-1, Math.min(1, pcm[i] ?? 0)) * 32767);
      if (++done % 50 === 0) log(`  ${done}/${TRACKS} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    }),
  );
  writeAtomic(file, new Uint8Array(all.buffer));
  return all;
}

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

/** Every query's audio at 8 kHz (float), in plan order. */
export async function queryAudio(queries: Query[], pool: Pool): Promise<Float32Array[]> {
  const file = join(CACHE, `queries-${TRACKS}-${cacheKey('queries-v1', JSON.stringify(queries))}.f32`);
  const lengthOf = (q: Query): number => q.length * FP_SAMPLE_RATE;
  if (existsSync(file)) {
    const b = readFileSync(file);
    const all = new Float32Array(b.buffer, b.byteOffset, b.byteLength / 4);
    let o = 0;
    return queries.map((q) => {
      const x = all.subarray(o, o + lengthOf(q));
      o += lengthOf(q);
      return x;
    });
  }
  log(`preparing ${queries.length} queries (cached afterwards)…`);
  const t0 = performance.now();
  const out: Float32Array[] = new Array<Float32Array>(queries.length);
  for (const condition of FP_CONDITIONS) {
    const idx = queries.flatMap((q, i) => (q.condition === condition ? [i] : []));
    // Chunks of about 10 minutes of 48 kHz audio.
    for (let c = 0; c < idx.length;) {
      const chunk: number[] = [];
      let seconds = 0;
      while (c < idx.length && seconds < 600) {
        chunk.push(idx[c]!);
        seconds += queries[idx[c]!]!.length;
        c++;
      }
      const masters = await Promise.all(
        chunk.map((i) => excerpt(pool, queries[i]!.seed, queries[i]!.offset, queries[i]!.length)),
      );
      const { pcm, rate } = degrade(masters, 1, condition, chunk);
      await Promise.all(
        chunk.map(async (i, k) => {
          const own = pcm[k]!.byteOffset === 0 && pcm[k]!.length === pcm[k]!.buffer.byteLength / 4;
          const { pcm: x } = await pool.run<{ pcm: Float32Array }>({
            kind: 'resample',
            pcm: own ? pcm[k]! : pcm[k]!.slice(),
            from: rate,
            to: FP_SAMPLE_RATE,
          });
          out[i] = x.length === lengthOf(queries[i]!) ? x : fit(x, lengthOf(queries[i]!));
        }),
      );
    }
    log(`  ${condition.id} done (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
  const total = out.reduce((n, x) => n + x.length, 0);
  const all = new Float32Array(total);
  let o = 0;
  for (const x of out) {
    all.set(x, o);
    o += x.length;
  }
  writeAtomic(file, new Uint8Array(all.buffer));
  return out;
}

function fit(x: Float32Array, length: number): Float32Array {
  const y = new Float32Array(length);
  y.set(x.subarray(0, length));
  return y;
}
