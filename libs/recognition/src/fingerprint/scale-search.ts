import {
  FP_MAX_BIN,
  FP_MAX_DF,
  FP_MAX_DT,
  FP_MIN_BIN,
  FP_TICK_SECONDS,
  hashBins,
  hashDt,
  packHash,
  type Fingerprint,
} from './fingerprint.js';
import type { PostingRows } from './index-store.js';
import {
  DEFAULT_MATCH_OPTIONS,
  MAX_REPEATS,
  matchFingerprint,
  uniqueHashes,
  type FingerprintMatch,
  type MatchOptions,
} from './matcher.js';

// Math's members as module bindings: a global lookup per call is slow in vm contexts (Jest).
const { abs, floor, log, max, pow, round } = Math;

/**
 * Speed and pitch tolerance by a scale search at query time. Landmark hashes hold exact
 * frequency bins and an exact frame gap, so audio played 2 % fast (tape-style: every
 * frequency 2 % up, every gap 2 % shorter) or pitched a semitone up shares almost no hash
 * with the index. The index stays as it is: the query's landmarks are mapped back through a
 * grid of candidate scales (frequencies f -> f / scale; for a speed change also gaps and
 * times t -> t x speed), each mapping is looked up and voted on like a query of its own, and
 * the best-scoring scale wins.
 */

/** A candidate distortion of the query: `speed` scales time and frequency, `pitch` frequency only. */
export interface Scale {
  speed: number;
  pitch: number;
}

export interface ScaledMatch extends FingerprintMatch {
  /** Tape-style speed of the query against the track (1.02: played 2 % fast). */
  speed: number;
  /** Pitch shift without tempo change, as a frequency ratio (2^(1/12): a semitone up). */
  pitch: number;
}

/**
 * Grid steps of the search, as ratios: the mapped bins of a peak near 3 kHz are off by
 * 1.5 % of 400 = 0.6 bin half a step away from the true scale, which the boundary variants
 * of mapQuery absorb.
 */
const SCALE_STEP = 1.005;
/** Tape-style speed changes searched: ±5 %. */
const MAX_SPEED = 1.05;
/** Pitch shifts searched: ±1 semitone (5.95 %) and a step beyond. */
const MAX_PITCH = 1.065;

function ladder(limit: number): number[] {
  const steps = Math.ceil(Math.log(limit) / Math.log(SCALE_STEP));
  const out: number[] = [];
  for (let i = -steps; i <= steps; i++) if (i !== 0) out.push(pow(SCALE_STEP, i));
  return out;
}

/**
 * A semitone up and down, exactly: pitch shifters (karaoke keys, a song's transposed
 * release) shift by whole semitones, and 2^(1/12) = 1.0595 falls between the ladder's steps
 * 1.005^11 and 1.005^12, 0.2-0.3 % off either. That is more than a bin above bin 200 (1.6 kHz),
 * so half of a semitone-shifted query's peaks were mapped to the wrong bin.
 */
export const SEMITONE = 2 ** (1 / 12);

/** Every scale tried after the query found nothing as it is. */
export const SCALE_GRID: readonly Scale[] = [
  ...ladder(MAX_SPEED).map((speed) => ({ speed, pitch: 1 })),
  ...ladder(MAX_PITCH).map((pitch) => ({ speed: 1, pitch })),
  { speed: 1, pitch: SEMITONE },
  { speed: 1, pitch: 1 / SEMITONE },
];

/**
 * The accept rule when the best of many scales answers: the best of 48 tries of unknown
 * audio scores higher than one try, so the score and lead it needs are higher (set on the
 * evaluation corpus so that unknown queries stay unknown, see bench/recognition).
 */
export const SCALED_MATCH_OPTIONS: MatchOptions = { minScore: 12, minRatio: 2.5, maxRepeats: MAX_REPEATS };

/**
 * A mapped value that falls this close to the middle between two integers gets both (a
 * landmark's bin or gap was rounded once by the query's analysis and once more here).
 */
const SPLIT = 0.2;

/**
 * The bins of the exact semitone scales always get both neighbouring integers. A pitch
 * shifter without tempo change (a phase vocoder: ffmpeg's rubberband) moves a peak's energy
 * between neighbouring bins: of the peaks of an unshifted 5 s cut, a third are found at the
 * shifted bin (and the same frame) exactly and two thirds within a bin and a frame
 * (bench/recognition's songs, a semitone up or down). A speed change resamples and keeps peaks sharp, so its scales keep SPLIT; so do the
 * ladder's pitch scales: both neighbours for all of them cost 2-3 times their lookups and
 * raised unknown queries' best scores (the highest of 540 from 9.4 to 10.8) for no more
 * semitone-shifted queries found.
 */
const SEMITONE_SPLIT = 0.5;

/** The split of a scale's mapped values (see SEMITONE_SPLIT). */
function splitOf(scale: Scale, options: ScaleSearchOptions): number {
  const semitone = scale.speed === 1 && abs(abs(log(scale.pitch)) - log(SEMITONE)) < 1e-9;
  return semitone ? options.semitoneSplit : options.split;
}

/** The first of a mapped value's integers (see SPLIT). */
function lowCandidate(x: number, split: number): number {
  return abs(x - floor(x) - 0.5) >= split ? round(x) : floor(x);
}

/** The last of a mapped value's integers (see SPLIT). */
function highCandidate(x: number, split: number): number {
  return abs(x - floor(x) - 0.5) >= split ? round(x) : floor(x) + 1;
}

/**
 * Seconds of the query the search looks at (its start): enough for a clear answer on 5 s
 * queries, and it bounds the lookup of a long footprint (a 30 s analysis window).
 */
export const SCALE_SEARCH_SECONDS = 6;

/**
 * The query's landmarks as the index would hold them if the query was played at `scale`.
 * A speed change moves every landmark off the index's time grid anyway, so only the
 * landmarks of the query's first analysis shift (even ticks) are mapped for it; a pitch
 * shift keeps the timing, and the second shift is what meets the grid. Typed arrays and no
 * allocation per landmark: 48 scales of some 500 landmarks are mapped per unknown query.
 */
export function mapQuery(query: Fingerprint, scale: Scale, split = SPLIT): Fingerprint {
  const freq = 1 / (scale.speed * scale.pitch);
  // At most two candidates each for both bins and the gap.
  const hashes = new Uint32Array(query.hashes.length * 8);
  const ticks = new Uint32Array(query.hashes.length * 8);
  let n = 0;
  const evenOnly = scale.speed !== 1;
  for (let i = 0; i < query.hashes.length; i++) {
    if (evenOnly && query.ticks[i]! % 2 !== 0) continue;
    const h = query.hashes[i]!;
    const [f1, f2] = hashBins(h);
    const tick = round(query.ticks[i]! * scale.speed);
    const x1 = f1 * freq;
    const x2 = f2 * freq;
    const gap = hashDt(h) * scale.speed;
    const b0 = lowCandidate(x2, split);
    const b1 = highCandidate(x2, split);
    const d0 = lowCandidate(gap, split);
    const d1 = highCandidate(gap, split);
    for (let a = lowCandidate(x1, split), a1 = highCandidate(x1, split); a <= a1; a++) {
      if (a < FP_MIN_BIN || a >= FP_MAX_BIN) continue;
      for (let b = b0; b <= b1; b++) {
        if (b < FP_MIN_BIN || b >= FP_MAX_BIN || abs(b - a) > FP_MAX_DF) continue;
        for (let dt = d0; dt <= d1; dt++) {
          if (dt < 1 || dt > FP_MAX_DT) continue;
          hashes[n] = packHash(a, b, dt);
          ticks[n++] = tick;
        }
      }
    }
  }
  return { hashes: hashes.slice(0, n), ticks: ticks.slice(0, n), duration: query.duration / scale.speed };
}

/** The landmarks of the first `seconds` of a query (from its earliest tick). */
function startOf(query: Fingerprint, seconds: number): Fingerprint {
  let first = Infinity;
  for (const t of query.ticks) if (t < first) first = t;
  const last = first + seconds / FP_TICK_SECONDS;
  const keep: number[] = [];
  for (let i = 0; i < query.ticks.length; i++) if (query.ticks[i]! < last) keep.push(i);
  if (keep.length === query.ticks.length) return query;
  return {
    hashes: Uint32Array.from(keep, (i) => query.hashes[i]!),
    ticks: Uint32Array.from(keep, (i) => query.ticks[i]!),
    duration: seconds,
  };
}

/**
 * The postings of `hashes` (a de-duplicated, sorted list). The scale search calls it once per
 * scale (49 times for an unknown query): an in-memory index answers each in well under a
 * millisecond (the tracker's FingerprintIndex), where a database round trip each would not.
 */
export type PostingLookup = (hashes: Uint32Array) => Promise<PostingRows> | PostingRows;

export interface ScaleSearchOptions {
  /** The rule for the query as it is (scale 1). */
  match: MatchOptions;
  /** The rule for the best of the scale grid. */
  scaled: MatchOptions;
  grid: readonly Scale[];
  /** See SPLIT. */
  split: number;
  /** The split of the exact semitone scales (see SEMITONE_SPLIT). */
  semitoneSplit: number;
}

export const DEFAULT_SCALE_SEARCH: ScaleSearchOptions = {
  match: DEFAULT_MATCH_OPTIONS,
  scaled: SCALED_MATCH_OPTIONS,
  grid: SCALE_GRID,
  split: SPLIT,
  semitoneSplit: SEMITONE_SPLIT,
};

/**
 * Match a query as it is and, when that finds nothing, at every scale of the grid (a lookup
 * per scale, see PostingLookup). The best scale's track is
 * accepted when it passes `scaled`; its runner-up is the best other track at any scale.
 */
export async function matchAcrossScales(
  query: Fingerprint,
  lookup: PostingLookup,
  options: ScaleSearchOptions = DEFAULT_SCALE_SEARCH,
): Promise<ScaledMatch | null> {
  const direct = matchFingerprint(query, await lookup(uniqueHashes(query)), options.match);
  if (direct) return { ...direct, speed: 1, pitch: 1 };
  if (query.hashes.length === 0 || options.grid.length === 0) return null;
  const head = startOf(query, SCALE_SEARCH_SECONDS);
  const mapped = options.grid.map((scale) => mapQuery(head, scale, splitOf(scale, options)));
  const unthresholded = { ...options.scaled, minScore: 0, minRatio: 0 };
  const bests: (ScaledMatch | null)[] = [];
  for (let k = 0; k < mapped.length; k++) {
    const m = matchFingerprint(mapped[k]!, await lookup(uniqueHashes(mapped[k]!)), unthresholded);
    bests.push(m && { ...m, ...options.grid[k]! });
  }
  let best: ScaledMatch | null = null;
  for (const m of bests) if (m && (!best || m.score > best.score)) best = m;
  if (!best) return null;
  let runnerUp = best.runnerUpScore;
  for (const m of bests) if (m && m.trackId !== best.trackId) runnerUp = max(runnerUp, m.score);
  if (best.score < options.scaled.minScore || best.score < options.scaled.minRatio * runnerUp) return null;
  const answer = { ...best, runnerUpScore: runnerUp };
  return (await speedOrPitch(answer, head, options, lookup, bests)) ?? answer;
}

/**
 * A pitch shift and a speed change of the same ratio differ only in timing: over 5 s, 1 %
 * drifts 3 ticks. The pitch scales map both analysis shifts, the speed scales only the
 * first, so a pitch scale can out-score the speed scale of a speed change by the number of
 * its landmarks alone. Scored on the same landmarks (the first shift's), the speed scale wins when the audio was played fast or slow.
 */
async function speedOrPitch(
  answer: ScaledMatch,
  head: Fingerprint,
  options: ScaleSearchOptions,
  lookup: PostingLookup,
  bests: readonly (ScaledMatch | null)[],
): Promise<ScaledMatch | null> {
  if (answer.pitch === 1) return null;
  const k = options.grid.findIndex((s) => s.pitch === 1 && abs(s.speed - answer.pitch) < 1e-9);
  const asSpeed = bests[k];
  if (k < 0 || !asSpeed || asSpeed.trackId !== answer.trackId) return null;
  const even: number[] = [];
  for (let i = 0; i < head.ticks.length; i++) if (head.ticks[i]! % 2 === 0) even.push(i);
  const firstShift: Fingerprint = {
    hashes: Uint32Array.from(even, (i) => head.hashes[i]!),
    ticks: Uint32Array.from(even, (i) => head.ticks[i]!),
    duration: head.duration,
  };
  // Mapped as the speed scale is (not with semitoneSplit), so that neither gets more candidates.
  const mapped = mapQuery(firstShift, { speed: 1, pitch: answer.pitch }, options.split);
  const asPitch = matchFingerprint(mapped, await lookup(uniqueHashes(mapped)), {
    ...options.scaled,
    minScore: 0,
    minRatio: 0,
  });
  if (asPitch && asPitch.trackId === answer.trackId && asPitch.score >= asSpeed.score) return null;
  return { ...answer, offsetSeconds: asSpeed.offsetSeconds, speed: asSpeed.speed, pitch: 1 };
}
