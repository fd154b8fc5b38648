/**
 * Batched audio transforms through the real ffmpeg (AAC round trips, sample-rate
 * conversion). Many excerpts go through one ffmpeg call: they are laid end to end with
 * half a second of silence between them and cut apart again afterwards, so the AAC
 * encoder's frame boundaries and look-ahead fall wherever they happen to fall, as they
 * would in a real stream.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SOURCE_RATE = 48_000;
/**
 * A room: nine reflections from 23 to 307 ms, each quieter than the last (-6 to -22 dB), as
 * issue 14's "echo and reverb" asks beside the single 150 ms echo. Its tail stays inside the
 * half second of silence between batched excerpts.
 */
export const REVERB_FILTER = 'aecho=0.8:0.9:23|37|53|71|97|131|173|229|307:0.5|0.42|0.36|0.3|0.25|0.2|0.15|0.11|0.08';
/** Silence between excerpts, in frames at 48 kHz (a multiple of 160, so 44.1 kHz cuts are exact). */
const GAP_FRAMES = 24_000;
/** At most this much audio per ffmpeg call, in seconds (bounds memory). */
const BATCH_SECONDS = 900;

export interface Transform {
  /** AAC bit rate in kbit/s; absent: no encoding, only the rate conversion. */
  aacKbps?: number;
  /** Rate of the decoded output (44,100 resamples with ffmpeg's own resampler). */
  outRate: number;
  /** An ffmpeg filter chain applied before the encoding. */
  filter?: string;
  /** Tape-style speed factor (tempo and pitch together: asetrate, then aresample). */
  speed?: number;
}

function ffmpeg(args: string[]): Buffer {
  return execFileSync('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args], {
    maxBuffer: 2 ** 31 - 1,
  });
}

/**
 * Apply `transform` to every excerpt (48 kHz float PCM, interleaved when `channels` = 2).
 * Answers excerpts of the same duration (divided by `transform.speed`) at `transform.outRate`.
 */
export function transformBatch(
  excerpts: readonly Float32Array[],
  channels: number,
  transform: Transform,
  workDir: string,
): Float32Array[] {
  mkdirSync(workDir, { recursive: true });
  const out: Float32Array[] = [];
  let i = 0;
  while (i < excerpts.length) {
    const batch: Float32Array[] = [];
    let frames = 0;
    while (i < excerpts.length && (batch.length === 0 || frames < BATCH_SECONDS * SOURCE_RATE)) {
      batch.push(excerpts[i]!);
      frames += excerpts[i]!.length / channels + GAP_FRAMES;
      i++;
    }
    out.push(...runBatch(batch, channels, transform, workDir));
  }
  return out;
}

function runBatch(batch: Float32Array[], channels: number, t: Transform, workDir: string): Float32Array[] {
  const starts: number[] = [];
  let frames = GAP_FRAMES;
  for (const x of batch) {
    starts.push(frames);
    frames += x.length / channels + GAP_FRAMES;
  }
  const joined = new Float32Array(frames * channels);
  batch.forEach((x, k) => joined.set(x, starts[k]! * channels));
  const input = join(workDir, 'batch-in.f32');
  const encoded = join(workDir, 'batch.m4a');
  writeFileSync(input, joined);
  const raw = ['-f', 'f32le', '-ar', String(SOURCE_RATE), '-ac', String(channels)];
  const decodeTo = ['-f', 'f32le', '-ar', String(t.outRate), '-ac', String(channels), 'pipe:1'];
  const filters = [
    ...(t.speed ? [`asetrate=${Math.round(SOURCE_RATE * t.speed)}`, `aresample=${SOURCE_RATE}`] : []),
    ...(t.filter ? [t.filter] : []),
  ];
  const af = filters.length > 0 ? ['-af', filters.join(',')] : [];
  let pcm: Buffer;
  if (t.aacKbps) {
    ffmpeg([...raw, '-i', input, ...af, '-c:a', 'aac', '-b:a', `${t.aacKbps}k`, encoded]);
    pcm = ffmpeg(['-i', encoded, ...decodeTo]);
  } else {
    pcm = ffmpeg([...raw, '-i', input, ...af, ...decodeTo]);
  }
  rmSync(input, { force: true });
  rmSync(encoded, { force: true });
  const decoded = new Float32Array(pcm.buffer, pcm.byteOffset, pcm.byteLength / 4);
  const ratio = t.outRate / SOURCE_RATE / (t.speed ?? 1);
  return batch.map((x, k) => {
    const start = Math.round(starts[k]! * ratio) * channels;
    const length = Math.round((x.length / channels) * ratio) * channels;
    const piece = new Float32Array(length); // zero-padded if the decoder came up short
    piece.set(decoded.subarray(start, Math.min(decoded.length, start + length)));
    return piece;
  });
}
