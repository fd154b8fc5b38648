import { FP_TICK_SECONDS, hashBins, type Fingerprint } from './fingerprint.js';
import type { FingerprintIndexStore, PostingRows } from './index-store.js';

// Math's members as module bindings: a global lookup per call is slow in vm contexts (Jest).
const { floor, imul, max, min, pow, sqrt } = Math;

export interface FingerprintMatch {
  trackId: number;
  /** Where the query starts inside the track, in seconds. */
  offsetSeconds: number;
  /**
   * Evidence for this track and offset: the smaller of the number of distinct query
   * times and the number of distinct hashes that agree on it, n; when those hashes use
   * fewer than n distinct frequency bins, b, it is sqrt(n b) instead (see matchFingerprint).
   */
  score: number;
  /**
   * Score of the best other track (to judge how clear the answer is): the background level
   * of this query against this index.
   */
  runnerUpScore: number;
}

export interface MatchOptions {
  /** Minimum score to accept a match; below it the audio counts as unknown. */
  minScore: number;
  /**
   * The winner must beat the best other track by this factor (for a 5 s query; longer
   * queries need more, see RATIO_GROWTH).
   */
  minRatio: number;
  /**
   * A hash that one track holds more than this many times is repeated material in that track
   * (a drum groove, a loop) and is not counted as evidence for it; undefined counts every
   * posting.
   */
  maxRepeats?: number;
}

/**
 * Postings of one hash in one track beyond which it is that track's repeated material (see
 * MatchOptions.maxRepeats). On the FluidSynth corpus (bench/recognition), where every song of
 * a style plays the same General MIDI drum groove, the hashes that matched unknown songs to an
 * indexed one were held by it a median of 3-11 times, those of true matches 1-2 times: with 2,
 * none of 873 clean unknown cuts was accepted (21 before), every clean known cut was found, and
 * 192 of 199 at 0 dB pink noise (198 before).
 */
export const MAX_REPEATS = 2;

/**
 * Set on the evaluation corpus (bench/recognition, 500 tracks): the best candidate of a 5 s
 * query of an unindexed track scores at most 1.8x the runner-up (median 1.1x) and at most
 * 15, a correct answer a median of 4.8x (the lowest 5 %, at 0 dB SNR, about 2x). With these
 * no unindexed query was accepted while clean and AAC queries were all found, and 95 % of
 * those at 0 dB SNR. On a second draw of queries (planQueries' seed) the largest ratio of
 * an unindexed query was 2.1, at a score below 10. The ratio needs the runner-up over
 * every track (see matchFingerprint); it is the query's background level, so it grows with
 * the index.
 */
export const DEFAULT_MATCH_OPTIONS: MatchOptions = { minScore: 10, minRatio: 2, maxRepeats: MAX_REPEATS };

/**
 * The ratio a query must reach grows as (span / 5 s)^RATIO_GROWTH for queries spanning
 * more than 5 s: a long query lets a merely similar track (same tempo, same drum sounds)
 * pile up aligned evidence too, while the right track's lead grows faster.
 */
const RATIO_GROWTH = 0.25;
const REFERENCE_SPAN_SECONDS = 5;

/** Offsets of one vote bin are within ±ALIGN_TOLERANCE ticks of each other. */
const ALIGN_TOLERANCE = 1;
const OFFSET_BIAS = 1 << 21;
const TRACK_STRIDE = 1 << 22;
/** Tracks re-scored in the first batch (later batches grow fourfold). */
const FIRST_BATCH = 8;

/** A 65,536-bit filter of the hashes a lookup answered (see matchFingerprint). */
const FILTER_WORDS = 2048;
const FILTER_MASK = FILTER_WORDS - 1;

/** The distinct hashes of a query, ready for one batched store lookup. */
export function uniqueHashes(fp: Fingerprint): Uint32Array {
  const sorted = fp.hashes.slice().sort();
  let n = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[n++] = sorted[i]!;
  return sorted.slice(0, n);
}

/**
 * Offset-alignment voting: every (query hash, stored posting) pair with the same hash
 * votes for (track, stored tick - query tick). A real match piles votes on one offset;
 * chance hash collisions spread over all offsets.
 */
export function matchFingerprint(
  query: Fingerprint,
  rows: PostingRows,
  options: MatchOptions = DEFAULT_MATCH_OPTIONS,
): FingerprintMatch | null {
  if (rows.hashes.length === 0) return null;
  // The query's ticks of each hash the rows hold (most of a scaled query's hashes are in no
  // row: they are only looked up, never stored), past a bit filter of the rows' hashes.
  const queryTicks = new Map<number, number[]>();
  const filter = scratch.filter;
  for (let r = 0; r < rows.hashes.length; r++) {
    const h = rows.hashes[r]!;
    filter[(h >>> 5) & FILTER_MASK]! |= 1 << (h & 31);
    if (!queryTicks.has(h)) queryTicks.set(h, []);
  }
  for (let i = 0; i < query.hashes.length; i++) {
    const h = query.hashes[i]!;
    if (filter[(h >>> 5) & FILTER_MASK]! & (1 << (h & 31))) queryTicks.get(h)?.push(query.ticks[i]!);
  }
  for (let r = 0; r < rows.hashes.length; r++) filter[(rows.hashes[r]! >>> 5) & FILTER_MASK] = 0;
  const trackIndex = new Map<number, number>();
  const trackIds: number[] = [];
  const repeated = options.maxRepeats === undefined ? null : repeatedPostings(rows, options.maxRepeats);
  let total = 0;
  for (let r = 0; r < rows.hashes.length; r++) {
    if (!repeated?.[r]) total += queryTicks.get(rows.hashes[r]!)!.length;
  }
  // Every vote is kept so candidate bins can be re-scored by distinct evidence.
  const { vKey, vHash, vTick } = scratch.votes(total);
  const votes = VoteTable.empty(total);
  let v = 0;
  for (let r = 0; r < rows.hashes.length; r++) {
    const h = rows.hashes[r]!;
    const qts = queryTicks.get(h)!;
    if (qts.length === 0 || repeated?.[r]) continue;
    const id = rows.trackIds[r]!;
    let ti = trackIndex.get(id);
    if (ti === undefined) {
      ti = trackIds.length;
      trackIndex.set(id, ti);
      trackIds.push(id);
    }
    const stored = rows.ticks[r]!;
    for (const qt of qts) {
      const key = ti * TRACK_STRIDE + (stored - qt + OFFSET_BIAS);
      votes.add(key);
      vKey[v] = key;
      vHash[v] = h;
      vTick[v] = qt;
      v++;
    }
  }
  // Best aligned bin per track by raw votes, counting neighbouring offsets (peak timing
  // jitters by a tick).
  const bestPerTrack = new Float64Array(trackIds.length);
  const bestKey = new Float64Array(trackIds.length).fill(-1);
  for (let u = 0; u < votes.size; u++) {
    const key = votes.keyAt(u);
    let sum = 0;
    for (let d = -ALIGN_TOLERANCE; d <= ALIGN_TOLERANCE; d++) sum += votes.get(key + d);
    const ti = floor(key / TRACK_STRIDE);
    if (sum > bestPerTrack[ti]!) {
      bestPerTrack[ti] = sum;
      bestKey[ti] = key;
    }
  }
  // Re-score tracks by distinct evidence. A repeated pattern (a drum loop, a held chord)
  // yields the same few hashes again and again, and one chord onset yields many hashes (its
  // harmonics paired with each other) at a single query time: counting both distinct hashes
  // and distinct query times, and keeping the smaller, discounts both. A track in the same
  // key and tempo also agrees by chance on a bass note and its harmonics, repeated on the
  // beat: many distinct hashes and times, but from four or five frequency bins, where a true
  // match spreads over many; the score is the geometric mean of the distinct count and the
  // number of distinct bins when there are fewer bins than that count. The runner-up must be
  // the true second best by this score, not among the few tracks with the most raw votes:
  // a track in the same key and tempo collects many raw votes from repeated material whose
  // distinct score is low, and would hide the track that shows the real background level.
  // A track's distinct score never exceeds its raw votes, so tracks are re-scored in batches
  // in order of raw votes until no remaining track can reach the current runner-up.
  const order = Array.from(trackIds.keys()).sort((a, b) => bestPerTrack[b]! - bestPerTrack[a]!);
  const weighted = new Float64Array(trackIds.length);
  const raw = new Float64Array(trackIds.length);
  const candidateOf = new Int32Array(trackIds.length).fill(-1);
  let best = -1;
  let score = 0;
  let runnerUp = 0;
  for (let from = 0; from < order.length;) {
    if (bestPerTrack[order[from]!]! <= runnerUp) break;
    const batch = order.slice(from, from + (from === 0 ? FIRST_BATCH : 4 * from));
    from += batch.length;
    batch.forEach((ti, c) => (candidateOf[ti] = c));
    const distinctHashes = batch.map(() => new Set<number>());
    const distinctTicks = batch.map(() => new Set<number>());
    const distinctBins = batch.map(() => new Set<number>());
    for (let v = 0; v < total; v++) {
      const key = vKey[v]!;
      const ti = floor(key / TRACK_STRIDE);
      const c = candidateOf[ti]!;
      if (c < 0) continue;
      const d = key - bestKey[ti]!;
      if (d < -ALIGN_TOLERANCE || d > ALIGN_TOLERANCE) continue;
      distinctHashes[c]!.add(vHash[v]!);
      distinctTicks[c]!.add(vTick[v]!);
      const [f1, f2] = hashBins(vHash[v]!);
      distinctBins[c]!.add(f1).add(f2);
      weighted[ti]! += d;
      raw[ti]!++;
    }
    batch.forEach((ti, c) => {
      candidateOf[ti] = -1;
      const distinct = min(distinctHashes[c]!.size, distinctTicks[c]!.size);
      const sc = sqrt(distinct * min(distinct, distinctBins[c]!.size));
      if (sc > score) {
        runnerUp = score;
        score = sc;
        best = ti;
      } else if (sc > runnerUp) runnerUp = sc;
    });
  }
  if (best < 0) return null;
  let first = Infinity;
  let last = 0;
  for (let i = 0; i < query.ticks.length; i++) {
    first = min(first, query.ticks[i]!);
    last = max(last, query.ticks[i]!);
  }
  const span = (last - first) * FP_TICK_SECONDS;
  const ratio = options.minRatio * pow(max(1, span / REFERENCE_SPAN_SECONDS), RATIO_GROWTH);
  if (score < options.minScore || score < ratio * runnerUp) return null;
  // Offset: vote-weighted mean of the bins in the winning window.
  const key = bestKey[best]!;
  const offsetTicks = (key % TRACK_STRIDE) - OFFSET_BIAS + weighted[best]! / raw[best]!;
  return {
    trackId: trackIds[best]!,
    offsetSeconds: offsetTicks * FP_TICK_SECONDS,
    score,
    runnerUpScore: runnerUp,
  };
}

/**
 * Rows whose (hash, track) the rows hold more than `maxRepeats` times. Rows grouped by hash
 * (as an index lookup answers them) are counted group by group, most groups by a few
 * comparisons; others through a map.
 */
function repeatedPostings(rows: PostingRows, maxRepeats: number): Uint8Array {
  const out = new Uint8Array(rows.hashes.length);
  const { hashes, trackIds } = rows;
  for (let from = 0; from < hashes.length;) {
    let to = from + 1;
    while (to < hashes.length && hashes[to] === hashes[from]) to++;
    if (to < hashes.length && hashes[to]! < hashes[from]!) return repeatedPostingsUngrouped(rows, maxRepeats);
    if (to - from > maxRepeats) {
      if (to - from > SMALL_GROUP) {
        const counts = new Map<number, number>();
        for (let r = from; r < to; r++) counts.set(trackIds[r]!, (counts.get(trackIds[r]!) ?? 0) + 1);
        for (let r = from; r < to; r++) if (counts.get(trackIds[r]!)! > maxRepeats) out[r] = 1;
      } else {
        for (let r = from; r < to; r++) {
          let same = 0;
          for (let q = from; q < to; q++) if (trackIds[q] === trackIds[r]) same++;
          if (same > maxRepeats) out[r] = 1;
        }
      }
    }
    from = to;
  }
  return out;
}

/** Postings of one hash counted per track by comparing each pair, below a map's cost. */
const SMALL_GROUP = 16;

function repeatedPostingsUngrouped(rows: PostingRows, maxRepeats: number): Uint8Array {
  // Keys of 24-bit hash and a dense track number stay exact in a double.
  const dense = new Map<number, number>();
  const keys = new Float64Array(rows.hashes.length);
  const counts = new Map<number, number>();
  for (let r = 0; r < rows.hashes.length; r++) {
    const id = rows.trackIds[r]!;
    let d = dense.get(id);
    if (d === undefined) dense.set(id, (d = dense.size));
    const key = rows.hashes[r]! * TRACK_STRIDE + d;
    keys[r] = key;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const out = new Uint8Array(rows.hashes.length);
  for (let r = 0; r < rows.hashes.length; r++) if (counts.get(keys[r]!)! > maxRepeats) out[r] = 1;
  return out;
}

/**
 * Vote counts by (track, offset) key: open addressing over typed arrays, several times
 * faster than a Map for the tens of thousands of votes of a query.
 */
class VoteTable {
  /** One table per capacity, reused: matchFingerprint runs 49 times per scale search. */
  private static readonly tables = new Map<number, VoteTable>();
  private readonly keys: Float64Array;
  private readonly counts: Uint32Array;
  private slots: Uint32Array;
  private readonly mask: number;
  size = 0;

  /** A table for `expected` votes, emptied (matchFingerprint is synchronous: one user at a time). */
  static empty(expected: number): VoteTable {
    let capacity = 16;
    while (capacity < expected * 2) capacity *= 2;
    let table = VoteTable.tables.get(capacity);
    if (!table) VoteTable.tables.set(capacity, (table = new VoteTable(capacity)));
    table.clear(expected);
    return table;
  }

  private constructor(capacity: number) {
    this.keys = new Float64Array(capacity).fill(-1);
    this.counts = new Uint32Array(capacity);
    this.slots = new Uint32Array(capacity / 2);
    this.mask = capacity - 1;
  }

  private clear(expected: number): void {
    for (let u = 0; u < this.size; u++) {
      this.keys[this.slots[u]!] = -1;
      this.counts[this.slots[u]!] = 0;
    }
    this.size = 0;
    if (this.slots.length < expected) this.slots = new Uint32Array(expected);
  }

  private slot(key: number): number {
    let i = (imul(key >>> 0, 0x9e3779b1) ^ floor(key / 4294967296)) & this.mask;
    while (this.keys[i] !== key && this.keys[i] !== -1) i = (i + 1) & this.mask;
    return i;
  }

  add(key: number): void {
    const i = this.slot(key);
    if (this.keys[i] === -1) {
      this.keys[i] = key;
      this.slots[this.size++] = i;
    }
    this.counts[i]!++;
  }

  get(key: number): number {
    return this.counts[this.slot(key)]!;
  }

  /** The u-th distinct key added. */
  keyAt(u: number): number {
    return this.keys[this.slots[u]!]!;
  }
}

/**
 * Buffers matchFingerprint uses within one call, kept between calls (it is synchronous): the
 * hash filter, left all zero after each call, and the votes, grown as needed.
 */
const scratch = {
  filter: new Int32Array(FILTER_WORDS),
  vKey: new Float64Array(1024),
  vHash: new Uint32Array(1024),
  vTick: new Uint32Array(1024),
  votes(total: number): { vKey: Float64Array; vHash: Uint32Array; vTick: Uint32Array } {
    if (this.vKey.length < total) {
      const size = Math.max(total, 2 * this.vKey.length);
      this.vKey = new Float64Array(size);
      this.vHash = new Uint32Array(size);
      this.vTick = new Uint32Array(size);
    }
    return this;
  },
};

/** Look a query up in a store and vote (one batched lookup). */
export async function queryFingerprintIndex(
  store: FingerprintIndexStore,
  query: Fingerprint,
  options: MatchOptions = DEFAULT_MATCH_OPTIONS,
): Promise<FingerprintMatch | null> {
  const rows = await store.lookup(uniqueHashes(query));
  return matchFingerprint(query, rows, options);
}
