/**
 * The fingerprint half of `npm run bench:recognition`, on music the engine was never tuned
 * on: songs composed as MIDI by the demo catalogue's composer (libs/catalogue-seed, eight
 * styles with General MIDI instruments), rendered by FluidSynth with Debian's General MIDI
 * soundfont, stereo, 60-240 s, mastered as the demo's are. The index gets each song the way
 * the worker decodes it (ffmpeg, 8 kHz mono); queries are 5 s cut from the stereo master and
 * distorted by the real ffmpeg (codecs, speed, pitch, band limits, echo) or mixed with noise
 * or other music, and fingerprinted the way the worker makes the footprint it sends the
 * tracker (FOOTPRINT_OPTIONS). Answers come from the tracker's rule: "before" matches as heard
 * only (the rule until this bench), "after" adds the scale search (matchAcrossScales).
 * Query times are taken through the tracker's own code (its in-memory index loaded from, and
 * kept current with, the worker's rows in a migrated Postgres database).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import {
  BYTES_PER_POSTING,
  DEFAULT_MATCH_OPTIONS,
  fingerprint,
  FOOTPRINT_OPTIONS,
  FP_SAMPLE_RATE,
  INDEX_OPTIONS,
  InMemoryFingerprintIndex,
  matchAcrossScales,
  matchFingerprint,
  uniqueHashes,
  PACKED_POSTING_BYTES,
  type Fingerprint,
  type ScaledMatch,
} from '@app/recognition';
import { AppConfig } from '@app/config';
import { AlbumTrack, createDataSource, VideoTrack, WatermarkCode } from '@app/db';
import type { DataSource } from 'typeorm';
import { AlbumTrackJobsRepository } from '../../apps/worker/src/repositories/album-track-jobs.repository.js';
import { FingerprintIndex } from '../../apps/tracker/src/lookup/fingerprint-index.js';
import { FootprintLookupDto } from '../../apps/tracker/src/lookup/lookup.dto.js';
import { LookupRepository } from '../../apps/tracker/src/lookup/lookup.repository.js';
import { LookupService } from '../../apps/tracker/src/lookup/lookup.service.js';
import { composeSong, STYLES, type StyleName } from '../../libs/catalogue-seed/src/demo/compose.js';
import { midiFile } from '../../libs/catalogue-seed/src/demo/midi.js';
import { soundfont } from '../../libs/catalogue-seed/src/demo/music.js';
import { Prng } from '../../libs/recognition/src/dsp/prng.js';
import { addPinkNoise, rms } from '../../libs/recognition/src/testing/signals.js';
import { percentile } from '../lib/percentile.js';
import { CACHE, fluidsynthArgs, fmt, log, pct, QUICK } from './corpus.js';
import { REVERB_FILTER } from './ffmpeg.js';

const run = promisify(execFile);

/** Songs in the index, and songs never indexed (unknown queries, and the music mixed in). */
export const SONGS = QUICK ? 6 : 30;
export const UNKNOWN_SONGS = QUICK ? 3 : 12;
/**
 * Indexed 5 s queries per distortion, unknown ones per distortion, and unknown ones cut
 * straight from the never-indexed songs' 8 kHz decode (no ffmpeg per query: cheap in bulk).
 */
const PER_CONDITION = QUICK ? 3 : 30;
const UNKNOWN_PER_CONDITION = QUICK ? 2 : 10;
const UNKNOWN_CUTS = QUICK ? 100 : 1000;
/**
 * A reduced run for iterating: only these distortions (ids, comma-separated) and only the
 * first N clean unknown cuts. The plan is drawn in full first, so the queries kept are the
 * ones a full run makes.
 */
const ONLY_DISTORTIONS = process.env.BENCH_RECOGNITION_DISTORTIONS?.split(',').filter(Boolean);
const CUTS_KEPT = Number(process.env.BENCH_RECOGNITION_UNKNOWN_CUTS ?? UNKNOWN_CUTS);
/** Queries timed through Postgres (the rest are matched in memory by the same code). */
const TIMED_QUERIES = QUICK ? 30 : 200;
const QUERY_SECONDS = 5;
/** FluidSynth's output rate: 22.05 kHz keeps the render fast and holds all the fingerprint uses (up to 4 kHz). */
const MASTER_RATE = 22_050;
const FP_DIR = join(CACHE, 'fluidsynth');

export interface Song {
  id: number;
  style: StyleName;
  seconds: number;
  file: string;
}

/** The songs: styles in turn, lengths drawn from 60-240 s, the same every run. */
export function songList(): Song[] {
  const prng = new Prng(0xf1d5);
  const styles = Object.keys(STYLES) as StyleName[];
  return Array.from({ length: SONGS + UNKNOWN_SONGS }, (_, k) => {
    const id = k + 1;
    const style = styles[k % styles.length]!;
    const seconds = Math.round(prng.range(60, 240));
    return { id, style, seconds, file: join(FP_DIR, `${style}-${id}-${seconds}.flac`) };
  });
}

async function ffmpeg(args: string[]): Promise<Buffer> {
  const { stdout } = await run('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args], {
    encoding: 'buffer',
    maxBuffer: 2 ** 30,
  });
  return stdout;
}

export async function render(song: Song): Promise<void> {
  if (existsSync(song.file)) return;
  const temp = `${song.file}.tmp`;
  try {
    writeFileSync(`${temp}.mid`, midiFile(composeSong(song.style, 9000 + song.id, song.seconds).midi));
    await run('fluidsynth', fluidsynthArgs(MASTER_RATE, `${temp}.mid`, `${temp}.wav`));
    // Mastered as the demo's songs are: louder through a limiter, cut to length, faded.
    await ffmpeg([
      ...['-i', `${temp}.wav`, '-af'],
      `volume=7dB,alimiter=limit=0.9:level=0,atrim=duration=${song.seconds},afade=t=in:d=0.05,afade=t=out:st=${song.seconds - 1.5}:d=1.5`,
      ...['-ac', '2', '-ar', String(MASTER_RATE), '-c:a', 'flac', '-f', 'flac', temp],
    ]);
    renameSync(temp, song.file);
  } finally {
    for (const f of [`${temp}.mid`, `${temp}.wav`, temp]) rmSync(f, { force: true });
  }
}

/** Run `fn` over `items`, `limit` at a time. */
export async function each<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

const toFloat = (b: Buffer): Float32Array =>
  new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
const TO_FP = ['-ac', '1', '-ar', String(FP_SAMPLE_RATE), '-f', 'f32le', 'pipe:1'];

// ---------------------------------------------------------------------------------------
// Distortions

interface Distortion {
  id: string;
  label: string;
  /** Tape-style speed (the query covers QUERY_SECONDS x speed of the song). */
  speed?: number;
  /** An ffmpeg filter chain on the stereo excerpt. */
  filter?: string;
  /** Encoded and decoded again by ffmpeg with these output arguments. */
  codec?: string[];
  /** Applied to the 8 kHz mono query. */
  apply?: (x: Float32Array, seed: number, other: Float32Array) => Float32Array;
}

const speed = (s: number): Distortion => ({
  id: `speed${s}`,
  label: `speed ${s > 1 ? '+' : ''}${((s - 1) * 100).toFixed(1)} %`,
  speed: s,
  filter: `asetrate=${Math.round(MASTER_RATE * s)},aresample=${MASTER_RATE}`,
});

/** Mix `other` in at `snrDb` below `x` (by RMS). */
function mix(x: Float32Array, other: Float32Array, snrDb: number): Float32Array {
  const g = rms(x) / Math.max(1e-9, rms(other)) / 10 ** (snrDb / 20);
  return x.map((v, i) => v + g * (other[i] ?? 0));
}

const SEMITONE = 2 ** (1 / 12);
const CLEAN: Distortion = { id: 'clean', label: 'clean' };
export const DISTORTIONS: Distortion[] = [
  CLEAN,
  { id: 'aac64', label: 'AAC 64 kbps', codec: ['-c:a', 'aac', '-b:a', '64k', '-f', 'adts'] },
  { id: 'mp3', label: 'MP3 128 kbps', codec: ['-c:a', 'libmp3lame', '-b:a', '128k', '-f', 'mp3'] },
  { id: 'pink0', label: 'pink noise 0 dB SNR', apply: (x, s) => addPinkNoise(x, 0, s) },
  { id: 'music5', label: 'other music mixed at 5 dB', apply: (x, _, other) => mix(x, other, 5) },
  { id: 'phone', label: 'telephone band 300-3400 Hz', filter: 'highpass=f=300,lowpass=f=3400' },
  { id: 'echo', label: 'echo 150 ms', filter: 'aecho=0.8:0.8:150:0.5' },
  { id: 'reverb', label: 'room reverb (9 reflections, 23-307 ms)', filter: REVERB_FILTER },
  ...[0.995, 1.005, 0.99, 1.01, 0.98, 1.02, 0.95, 1.05].map(speed),
  { id: 'pitch+1', label: 'pitch +1 semitone (rubberband)', filter: `rubberband=pitch=${SEMITONE}` },
  { id: 'pitch-1', label: 'pitch -1 semitone (rubberband)', filter: `rubberband=pitch=${1 / SEMITONE}` },
];

interface Query {
  song: Song;
  offset: number;
  distortion: Distortion;
  /** A never-indexed song whose music is mixed in (music5). */
  other: Song;
  otherOffset: number;
}

function planQueries(songs: Song[]): { known: Query[]; unknown: Query[]; cuts: Query[] } {
  const prng = new Prng(0x9e5);
  const indexed = songs.slice(0, SONGS);
  const never = songs.slice(SONGS);
  const make = (song: Song, distortion: Distortion): Query => {
    const other = never[prng.int(0, never.length - 1)]!;
    return {
      song,
      distortion,
      offset: Math.round(prng.range(1, song.seconds - QUERY_SECONDS * 1.1 - 2) * 1000) / 1000,
      other,
      otherOffset: Math.round(prng.range(1, other.seconds - QUERY_SECONDS - 2) * 1000) / 1000,
    };
  };
  const known = DISTORTIONS.flatMap((d) =>
    Array.from({ length: PER_CONDITION }, () => make(indexed[prng.int(0, indexed.length - 1)]!, d)),
  );
  const unknown = DISTORTIONS.flatMap((d) =>
    Array.from({ length: UNKNOWN_PER_CONDITION }, () => make(never[prng.int(0, never.length - 1)]!, d)),
  );
  const cuts = Array.from({ length: UNKNOWN_CUTS }, () => make(never[prng.int(0, never.length - 1)]!, CLEAN));
  const kept = (q: Query) => !ONLY_DISTORTIONS || ONLY_DISTORTIONS.includes(q.distortion.id);
  return { known: known.filter(kept), unknown: unknown.filter(kept), cuts: cuts.slice(0, CUTS_KEPT) };
}

async function queryAudio(q: Query, seed: number): Promise<Float32Array> {
  const d = q.distortion;
  const span = QUERY_SECONDS * (d.speed ?? 1) + 0.2;
  const cut = ['-ss', String(q.offset), '-t', String(span), '-i', q.song.file];
  let pcm: Float32Array;
  if (d.codec) {
    const encoded = await ffmpeg([...cut, '-ac', '2', ...d.codec, 'pipe:1']);
    const file = join(FP_DIR, `query-${seed}.bin`);
    writeFileSync(file, encoded);
    try {
      pcm = toFloat(await ffmpeg(['-i', file, ...TO_FP]));
    } finally {
      rmSync(file, { force: true });
    }
  } else {
    pcm = toFloat(await ffmpeg([...cut, ...(d.filter ? ['-af', d.filter] : []), ...TO_FP]));
  }
  const length = QUERY_SECONDS * FP_SAMPLE_RATE;
  const x = new Float32Array(length);
  x.set(pcm.subarray(0, length));
  if (!d.apply) return x;
  const other = d.id === 'music5' ? await decode(q.other, q.otherOffset, QUERY_SECONDS) : new Float32Array(0);
  return d.apply(x, seed, other);
}

export async function decode(song: Song, start = 0, seconds = song.seconds): Promise<Float32Array> {
  return toFloat(await ffmpeg(['-ss', String(start), '-t', String(seconds), '-i', song.file, ...TO_FP]));
}

/** Queries' audio, cached by plan (one file of 8 kHz float). */
async function allQueryAudio(queries: Query[]): Promise<Float32Array[]> {
  const key = Buffer.from(JSON.stringify(queries.map((q) => [q.song.file, q.offset, q.distortion.id, q.otherOffset])))
    .toString('base64url')
    .slice(-24);
  const file = join(FP_DIR, `queries-${queries.length}-${key}.f32`);
  const length = QUERY_SECONDS * FP_SAMPLE_RATE;
  if (existsSync(file)) {
    const b = readFileSync(file);
    const all = new Float32Array(b.buffer, b.byteOffset, b.byteLength / 4);
    return queries.map((_, i) => all.subarray(i * length, (i + 1) * length));
  }
  log(`preparing ${queries.length} queries through ffmpeg (cached afterwards)…`);
  let done = 0;
  const out = await each(queries, 2, async (q, i) => {
    const x = await queryAudio(q, i + 1);
    if (++done % 200 === 0) log(`  ${done}/${queries.length}`);
    return x;
  });
  const all = new Float32Array(queries.length * length);
  out.forEach((x, i) => all.set(x, i * length));
  writeFileSync(`${file}.tmp`, new Uint8Array(all.buffer));
  renameSync(`${file}.tmp`, file);
  return out;
}

// ---------------------------------------------------------------------------------------
// Postgres: the shipped path, in a database of its own migrated by libs/db's migrations. The
// worker's repository stores each track's postings; the tracker's index loads them and its
// LookupService answers (catch-up round trip, in-memory lookup, vote, scale search, the
// matched track's details).

interface TrackerPath {
  lookups: LookupService;
  index: FingerprintIndex;
  /** The album track id of each indexed song, and back. */
  trackOf: Map<number, number>;
  songOf: Map<number, number>;
  dataSource: DataSource;
  loadMs: number;
  close: () => Promise<void>;
}

async function trackerPath(index: Map<number, Fingerprint>): Promise<TrackerPath> {
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `bench_recognition_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const dataSource = createDataSource(url.toString());
  let fingerprints: FingerprintIndex | undefined;
  const close = async () => {
    await fingerprints?.onApplicationShutdown();
    if (dataSource.isInitialized) await dataSource.destroy();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
  try {
    await dataSource.initialize();
    await dataSource.runMigrations({ transaction: 'each' });
    const [album] = await dataSource.query(
      `INSERT INTO albums (title, catalogue_num) VALUES ('Bench', 'BENCH-1') RETURNING id`,
    );
    const worker = new AlbumTrackJobsRepository(dataSource);
    const trackOf = new Map<number, number>();
    const songOf = new Map<number, number>();
    for (const [songId, fp] of index) {
      const [track] = await dataSource.query(
        `INSERT INTO album_tracks (album_id, position, title, duration) VALUES ($1, $2, $3, $4) RETURNING id`,
        [album.id, songId, `song ${songId}`, fp.duration],
      );
      trackOf.set(songId, track.id);
      songOf.set(track.id, songId);
      await worker.replaceFingerprints(
        track.id,
        Array.from(fp.hashes, (hash, i) => ({ hash, frame: fp.ticks[i]! })),
      );
    }
    await dataSource.query('VACUUM ANALYZE fingerprint_postings');
    const config = Object.assign(new AppConfig(), { DATABASE_URL: url.toString(), PUBLIC_URL: 'http://bench.example' });
    const repository = new LookupRepository(
      dataSource,
      dataSource.getRepository(WatermarkCode),
      dataSource.getRepository(AlbumTrack),
      dataSource.getRepository(VideoTrack),
    );
    const t0 = performance.now();
    fingerprints = new FingerprintIndex(repository, config);
    await fingerprints.onModuleInit();
    const loadMs = performance.now() - t0;
    const lookups = new LookupService(repository, fingerprints, config);
    return { lookups, index: fingerprints, trackOf, songOf, dataSource, loadMs, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The worker's footprint as the tracker receives it. */
function footprintBody(fp: Fingerprint): FootprintLookupDto {
  const numbers: number[] = [];
  for (let i = 0; i < fp.hashes.length; i++) numbers.push(fp.hashes[i]!, fp.ticks[i]!);
  return Object.assign(new FootprintLookupDto(), { fp_numbers: numbers, session_id: 'bench' });
}

// ---------------------------------------------------------------------------------------

export interface FingerprintTable {
  header: string[];
  rows: string[][];
  notes: string[];
}

export async function runFingerprintBench(): Promise<FingerprintTable> {
  mkdirSync(FP_DIR, { recursive: true });
  const songs = songList();
  const hours = songs.slice(0, SONGS).reduce((s, x) => s + x.seconds, 0) / 3600;
  log(`rendering ${songs.length} songs with FluidSynth (cached afterwards)…`);
  let rendered = 0;
  await each(songs, 2, async (song) => {
    await render(song);
    if (++rendered % 20 === 0) log(`  ${rendered}/${songs.length}`);
  });

  log('indexing…');
  const memory = new InMemoryFingerprintIndex();
  const stored = new Map<number, Fingerprint>();
  const pcms = await each(songs.slice(0, SONGS), 2, (song) => decode(song));
  songs.slice(0, SONGS).forEach((song, k) => {
    const fp = fingerprint(pcms[k]!, INDEX_OPTIONS);
    memory.add(song.id, fp);
    stored.set(song.id, fp);
  });
  const tracker = await trackerPath(stored);
  try {
    const { known, unknown: distorted, cuts } = planQueries(songs);
    const neverPcm = new Map<number, Float32Array>();
    for (const song of songs.slice(SONGS)) neverPcm.set(song.id, await decode(song));
    const cutAudio = cuts.map((q) => {
      const from = Math.round(q.offset * FP_SAMPLE_RATE);
      return neverPcm.get(q.song.id)!.slice(from, from + QUERY_SECONDS * FP_SAMPLE_RATE);
    });
    const unknown = [...distorted, ...cuts];
    const all = [...known, ...unknown];
    const audio = [...(await allQueryAudio([...known, ...distorted])), ...cutAudio];
    log('querying…');
    const footprints = audio.map((x) => fingerprint(x, FOOTPRINT_OPTIONS));
    const memoryLookup = (h: Uint32Array) => memory.lookup(h);
    const before = footprints.map((fp) => matchFingerprint(fp, memory.lookup(uniqueHashes(fp)), DEFAULT_MATCH_OPTIONS));
    const after: (ScaledMatch | null)[] = [];
    for (const fp of footprints) after.push(await matchAcrossScales(fp, memoryLookup));

    // The tracker's path through its database, on an even spread of queries.
    // "match": the catch-up round trip and the match (what the table's figures before the
    // in-memory index timed: SQL lookup and match); "answer": LookupService.byFootprint, the
    // match and the matched track's details.
    const timed: { ms: number; matchMs: number; cpuMs: number; kind: 'as heard' | 'scale search' | 'unknown' }[] = [];
    let disagree = 0;
    const step = Math.max(1, Math.floor(all.length / TIMED_QUERIES));
    for (let w = 0; w < 5; w++) await tracker.lookups.byFootprint(footprintBody(footprints[w]!)); // warm-up
    for (let i = 0; i < all.length; i += step) {
      const body = footprintBody(footprints[i]!);
      let t0 = performance.now();
      const cpu0 = process.cpuUsage();
      await tracker.index.catchUp();
      await matchAcrossScales(footprints[i]!, (h) => tracker.index.lookup(h));
      const matchMs = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      const cpuMs = (cpu.user + cpu.system) / 1000;
      t0 = performance.now();
      const { result } = await tracker.lookups.byFootprint(body);
      const ms = performance.now() - t0;
      const fp = result?.fp_track.fp;
      timed.push({
        ms,
        matchMs,
        cpuMs,
        kind: !fp ? 'unknown' : fp.speed === 1 && fp.pitch === 1 ? 'as heard' : 'scale search',
      });
      const song = result ? tracker.songOf.get(result.fp_track.track_id) : undefined;
      if ((song ?? null) !== (after[i]?.trackId ?? null)) disagree++;
    }
    const [size] = await tracker.dataSource.query<{ bytes: string; postings: string }[]>(
      `SELECT pg_total_relation_size('fingerprint_postings') AS bytes,
              (SELECT sum(length(postings)) / ${PACKED_POSTING_BYTES} FROM fingerprint_postings) AS postings`,
    );

    const rows: string[][] = [];
    for (const d of DISTORTIONS) {
      if (ONLY_DISTORTIONS && !ONLY_DISTORTIONS.includes(d.id)) continue;
      const idx = known.flatMap((q, i) => (q.distortion === d ? [i] : []));
      const score = (answers: readonly ({ trackId: number } | null)[]) => {
        let right = 0;
        let wrong = 0;
        for (const i of idx) {
          const a = answers[i];
          if (a && a.trackId === all[i]!.song.id) right++;
          else if (a) wrong++;
        }
        return { right, wrong };
      };
      const b = score(before);
      const a = score(after);
      const offsets = idx.flatMap((i) =>
        after[i]?.trackId === all[i]!.song.id ? [Math.abs(after[i]!.offsetSeconds - all[i]!.offset) * 1000] : [],
      );
      const scales = idx.flatMap((i) =>
        after[i]?.trackId === all[i]!.song.id ? [after[i]!.speed * after[i]!.pitch] : [],
      );
      const u = unknown.flatMap((q, j) => (q.distortion === d ? [known.length + j] : []));
      rows.push([
        d.label,
        String(idx.length),
        `${pct(b.right, idx.length)}${b.wrong ? ` (${b.wrong} wrong)` : ''}`,
        `${pct(a.right, idx.length)}${a.wrong ? ` (${a.wrong} wrong)` : ''}`,
        `${fmt(percentile(offsets, 50))} / ${fmt(percentile(offsets, 95))}`,
        scales.length ? `${fmt(percentile(scales, 50), 3)}` : '-',
        `${u.filter((i) => before[i]).length} / ${u.filter((i) => after[i]).length} of ${u.length}`,
      ]);
    }
    const fpBefore = unknown.filter((_, j) => before[known.length + j]).length;
    const fpAfter = unknown.filter((_, j) => after[known.length + j]).length;
    rows.push([
      'all unknown queries (false positives)',
      String(unknown.length),
      `${fpBefore} (${pct(fpBefore, unknown.length)})`,
      `${fpAfter} (${pct(fpAfter, unknown.length)})`,
      '',
      '',
      '',
    ]);
    const kinds = ['as heard', 'scale search', 'unknown'] as const;
    const t = (k?: (typeof kinds)[number], match = false) =>
      timed.filter((x) => !k || x.kind === k).map((x) => (match ? x.matchMs : x.ms));
    const cpuOf = (k: (typeof kinds)[number]) => timed.filter((x) => x.kind === k).map((x) => x.cpuMs);
    const times = (match: boolean) =>
      `all p50 ${fmt(percentile(t(undefined, match), 50), 1)} / p95 ${fmt(percentile(t(undefined, match), 95), 1)} ms; ` +
      kinds
        .map(
          (k) =>
            `${k} (${t(k).length}) p50 ${fmt(percentile(t(k, match), 50), 1)} / p95 ${fmt(percentile(t(k, match), 95), 1)} ms`,
        )
        .join('; ');
    const notes = [
      `corpus: ${SONGS} indexed songs (${fmt(hours, 2)} h) and ${UNKNOWN_SONGS} never indexed, composed MIDI in ${
        Object.keys(STYLES).length
      } styles rendered by FluidSynth (${soundfont()}), stereo 22.05 kHz, 60-240 s`,
      `queries: ${QUERY_SECONDS} s, fingerprinted as the worker's footprint (FOOTPRINT_OPTIONS); ${PER_CONDITION} per distortion from indexed songs; ` +
        `${unknown.length} from never-indexed songs (${UNKNOWN_PER_CONDITION} per distortion, ${cuts.length} clean)`,
      `tracker index loaded from Postgres in ${fmt(tracker.loadMs, 0)} ms; ${timed.length} queries through the tracker's code ` +
        `(${disagree} answered otherwise than the in-memory run)`,
      `  match (catch-up round trip + in-memory lookup + vote + scale search): ${times(true)}`,
      `  answer (LookupService.byFootprint: the match and the track's details): ${times(false)}`,
      `  this process's CPU time of the match (load-independent), p50: ` +
        kinds.map((k) => `${k} ${fmt(percentile(cpuOf(k), 50), 1)} ms`).join('; '),
      `index on disk (fingerprint_postings: table, TOAST and primary key): ${fmt(Number(size!.bytes) / 1e6 / hours, 2)} MB per hour (${size!.postings} postings, ${fmt(
        Number(size!.postings) / (hours * 3600),
        1,
      )} per second; ${fmt((Number(size!.postings) * BYTES_PER_POSTING) / 1e6 / hours, 2)} MB per hour at ${BYTES_PER_POSTING} B per posting)`,
    ];
    return {
      header: [
        'distortion (5 s)',
        'n',
        'before: top-1',
        'after: top-1',
        'offset err p50/p95 ms',
        'scale found p50',
        'unknown accepted before / after',
      ],
      rows,
      notes,
    };
  } finally {
    await tracker.close();
  }
}
