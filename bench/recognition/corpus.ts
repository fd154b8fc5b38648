/**
 * The watermark half's corpus and the bench's shared helpers (the fingerprint half renders
 * its own, fingerprint.ts). The watermark's songs are music the engine was not made on:
 * composed as MIDI by the demo catalogue's composer (eight styles, General MIDI
 * instruments) and rendered by FluidSynth with Debian's General MIDI soundfont, stereo at
 * 48 kHz, mastered as the demo's songs are. Everything is deterministic and cached under
 * bench/.cache/recognition.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { composeSong, STYLES, type StyleName } from '../../libs/catalogue-seed/src/demo/compose.js';
import { midiFile } from '../../libs/catalogue-seed/src/demo/midi.js';
import { soundfont } from '../../libs/catalogue-seed/src/demo/music.js';
import { pinkNoise, rms } from '../../libs/recognition/src/testing/signals.js';
import { REVERB_FILTER, SOURCE_RATE, transformBatch, type Transform } from './ffmpeg.js';

export const QUICK = process.env.BENCH_RECOGNITION_QUICK === '1';
/** FluidSynth songs the watermark is embedded in (none is shared with the fingerprint half). */
export const TRACKS = QUICK ? 8 : 24;
export const TRACK_SECONDS = 45;
/** Marked excerpts (each decoded once per condition) and unmarked windows. */
export const WM_EXCERPTS = Number(process.env.BENCH_RECOGNITION_WM_EXCERPTS ?? (QUICK ? 20 : 200));
export const WM_EXCERPT_SECONDS = 10;
export const WM_WINDOW_SECONDS = 5;
export const WM_UNMARKED = Number(process.env.BENCH_RECOGNITION_WM_UNMARKED ?? (QUICK ? 50 : 2000));
/** Excerpts processed together (bounds memory: 48 kHz stereo float is 384 kB/s). */
export const WM_CHUNK = 50;

export const CACHE = resolve('bench/.cache/recognition');
/** ffmpeg's batch files, one folder per run: two runs at once would overwrite each other's. */
export const WORK = join(CACHE, 'work', String(process.pid));

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

/** Pink noise (the same in both channels) `snrDb` below the stereo excerpt `x`, by RMS. */
export function addPinkNoiseStereo(x: Float32Array, snrDb: number, seed: number): Float32Array {
  const noise = pinkNoise(x.length / 2, seed);
  const scale = rms(x) / (rms(noise) * 10 ** (snrDb / 20));
  return x.map((v, i) => v + noise[i >> 1]! * scale);
}

const speed = (s: number): Condition => ({
  id: `speed${s}`,
  label: `speed ${s > 1 ? '+' : ''}${((s - 1) * 100).toFixed(0)} % (asetrate, tempo and pitch)`,
  transform: { speed: s, outRate: SOURCE_RATE },
});

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
  { id: 'aac64', label: 'AAC 64 kbps stereo', transform: { aacKbps: 64, outRate: SOURCE_RATE } },
  speed(0.98),
  speed(1.02),
  {
    id: 'phone',
    label: 'telephone band 300-3400 Hz',
    transform: { filter: 'highpass=f=300,lowpass=f=3400', outRate: SOURCE_RATE },
  },
  {
    id: 'echo',
    label: 'echo 150 ms (aecho=0.8:0.8:150:0.5)',
    transform: { filter: 'aecho=0.8:0.8:150:0.5', outRate: SOURCE_RATE },
  },
  {
    id: 'reverb',
    label: 'room reverb (9 reflections, 23-307 ms)',
    transform: { filter: REVERB_FILTER, outRate: SOURCE_RATE },
  },
  { id: 'pink10', label: 'pink noise 10 dB SNR', apply: (x, seed) => addPinkNoiseStereo(x, 10, seed) },
];
const ONLY = process.env.BENCH_RECOGNITION_WM_CONDITIONS?.split(',').filter(Boolean);
/** The conditions of this run (BENCH_RECOGNITION_WM_CONDITIONS: only these ids). */
export const WM_RUN_CONDITIONS = ONLY ? WM_CONDITIONS.filter((c) => ONLY.includes(c.id)) : WM_CONDITIONS;

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

/** FluidSynth's arguments to render `midi` to `wav` at `rate` with Debian's General MIDI soundfont. */
export const fluidsynthArgs = (rate: number, midi: string, wav: string): string[] => [
  ...['-ni', '-q', '-g', '0.7', '-r', String(rate), '-F', wav],
  soundfont(),
  midi,
];

export const log = (msg: string): void => {
  process.stderr.write(`${msg}\n`);
};

// ---------------------------------------------------------------------------------------
// Watermark corpus

const SONG_DIR = join(resolve('bench/.cache/recognition'), 'wm-fluidsynth');

function songFile(seed: number): string {
  const styles = Object.keys(STYLES) as StyleName[];
  return join(SONG_DIR, `${styles[(seed - 1) % styles.length]}-${seed}-${TRACK_SECONDS}s-48k.f32`);
}

/**
 * Render song `seed` (1..TRACKS; styles in turn) as 48 kHz interleaved stereo float, once:
 * FluidSynth, then the demo's mastering (louder through a limiter, faded).
 */
function renderSong(seed: number): string {
  const file = songFile(seed);
  if (existsSync(file)) return file;
  mkdirSync(SONG_DIR, { recursive: true });
  const styles = Object.keys(STYLES) as StyleName[];
  const style = styles[(seed - 1) % styles.length]!;
  const temp = `${file}.tmp`;
  try {
    writeFileSync(`${temp}.mid`, midiFile(composeSong(style, 7000 + seed, TRACK_SECONDS + 2).midi));
    execFileSync('fluidsynth', fluidsynthArgs(SOURCE_RATE, `${temp}.mid`, `${temp}.wav`));
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', `${temp}.wav`, '-af'],
      `volume=7dB,alimiter=limit=0.9:level=0,atrim=duration=${TRACK_SECONDS},afade=t=in:d=0.05`,
      ...['-ac', '2', '-ar', String(SOURCE_RATE), '-f', 'f32le', temp],
    ]);
    renameSync(temp, file);
  } finally {
    for (const f of [`${temp}.mid`, `${temp}.wav`, temp]) rmSync(f, { force: true });
  }
  return file;
}

/** A 48 kHz stereo (interleaved) excerpt of corpus song `seed`. */
export function excerpt(seed: number, start: number, seconds: number): Float32Array {
  const file = renderSong(seed);
  const out = new Float32Array(Math.round(seconds * SOURCE_RATE) * 2);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, new Uint8Array(out.buffer), 0, out.byteLength, Math.round(start * SOURCE_RATE) * 8);
  } finally {
    closeSync(fd);
  }
  return out;
}

export const pct = (n: number, d: number): string => (d === 0 ? '-' : `${((100 * n) / d).toFixed(1)} %`);
export const fmt = (v: number, digits = 0): string => (Number.isFinite(v) ? v.toFixed(digits) : '-');
