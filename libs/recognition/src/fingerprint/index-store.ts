import type { Fingerprint } from './fingerprint.js';

/**
 * Rows answering a batched lookup: one per stored (hash, track, tick). This is exactly
 * what `SELECT hash, track_id, tick FROM fingerprint WHERE hash = ANY($1)` returns, so
 * a Postgres-backed store can implement the interface with one query.
 */
export interface PostingRows {
  hashes: Uint32Array;
  trackIds: Uint32Array;
  ticks: Uint32Array;
}

/** Storage of landmark hashes (the tracker's FingerprintIndex holds an InMemoryFingerprintIndex). */
export interface FingerprintIndexStore {
  /** Store a track's fingerprint, replacing any earlier one for the same track. */
  add(trackId: number, fingerprint: Fingerprint): void | Promise<void>;
  remove(trackId: number): void | Promise<void>;
  /** All postings whose hash is in `hashes` (a de-duplicated list). */
  lookup(hashes: Uint32Array): PostingRows | Promise<PostingRows>;
}

/** Bytes per stored hash in the natural compact encoding (32-bit hash + 32-bit track/time). */
export const BYTES_PER_POSTING = 8;

/**
 * Landmark hashes are 24-bit: their top 16 bits pick one of 65,536 buckets, so that a lookup
 * searches a few postings instead of the whole index (the scale search looks up some 20,000
 * hashes per query).
 */
const BUCKET_SHIFT = 8;
const BUCKETS = 1 << 16;

/**
 * In-memory index: postings sorted by hash in flat typed arrays, looked up by a binary
 * search inside the hash's bucket. Additions and removals are buffered and merged on the next
 * lookup.
 */
export class InMemoryFingerprintIndex implements FingerprintIndexStore {
  private keys = new Uint32Array(0);
  /** Where each bucket of hashes (hash >>> BUCKET_SHIFT) starts in `keys`, and its end. */
  private buckets = new Uint32Array(BUCKETS + 1);
  private trackIds = new Uint32Array(0);
  private ticks = new Uint32Array(0);
  private pending: { trackId: number; fingerprint: Fingerprint }[] = [];
  private removed = new Set<number>();
  private readonly durations = new Map<number, number>();

  add(trackId: number, fingerprint: Fingerprint): void {
    if (!Number.isInteger(trackId) || trackId < 0 || trackId > 0xffffffff) {
      throw new Error(`track id must be a 32-bit unsigned integer, got ${trackId}`);
    }
    if (this.durations.has(trackId)) this.remove(trackId);
    this.pending.push({ trackId, fingerprint });
    this.durations.set(trackId, fingerprint.duration);
  }

  remove(trackId: number): void {
    if (!this.durations.delete(trackId)) return;
    this.pending = this.pending.filter((p) => p.trackId !== trackId);
    this.removed.add(trackId);
  }

  lookup(hashes: Uint32Array): PostingRows {
    this.compact();
    const keys = this.keys;
    // Two passes, so that the answer is three typed arrays of the right length at once.
    let total = 0;
    for (let q = 0; q < hashes.length; q++) total += this.end(hashes[q]!) - this.start(hashes[q]!);
    const out: PostingRows = {
      hashes: new Uint32Array(total),
      trackIds: new Uint32Array(total),
      ticks: new Uint32Array(total),
    };
    let o = 0;
    for (let q = 0; q < hashes.length; q++) {
      const h = hashes[q]!;
      for (let i = this.start(h); i < keys.length && keys[i] === h; i++) {
        out.hashes[o] = h;
        out.trackIds[o] = this.trackIds[i]!;
        out.ticks[o++] = this.ticks[i]!;
      }
    }
    return out;
  }

  /** The first posting of `hash` (or where it would be): a binary search inside its bucket. */
  private start(hash: number): number {
    const bucket = hash >>> BUCKET_SHIFT;
    const keys = this.keys;
    // Keys beyond 24 bits (not a landmark hash) sort after every bucket.
    let lo = bucket < BUCKETS ? this.buckets[bucket]! : this.buckets[BUCKETS]!;
    let hi = bucket < BUCKETS ? this.buckets[bucket + 1]! : keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keys[mid]! < hash) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** One past the last posting of `hash`. */
  private end(hash: number): number {
    return hash >= 0xffffffff ? this.keys.length : this.start(hash + 1);
  }

  get trackCount(): number {
    return this.durations.size;
  }

  /** Stored postings and their size in the compact 8-byte encoding. */
  stats(): { tracks: number; postings: number; bytes: number; audioSeconds: number } {
    this.compact();
    let audioSeconds = 0;
    for (const d of this.durations.values()) audioSeconds += d;
    return {
      tracks: this.durations.size,
      postings: this.keys.length,
      bytes: this.keys.length * BYTES_PER_POSTING,
      audioSeconds,
    };
  }

  /** Merge pending additions (radix-sorted by hash) into the sorted arrays. */
  private compact(): void {
    if (this.pending.length === 0 && this.removed.size === 0) return;
    let kept = 0;
    if (this.removed.size > 0) {
      for (let i = 0; i < this.keys.length; i++) {
        if (this.removed.has(this.trackIds[i]!)) continue;
        this.keys[kept] = this.keys[i]!;
        this.trackIds[kept] = this.trackIds[i]!;
        this.ticks[kept] = this.ticks[i]!;
        kept++;
      }
      this.removed.clear();
    } else {
      kept = this.keys.length;
    }
    let n = 0;
    for (const p of this.pending) n += p.fingerprint.hashes.length;
    const pk = new Uint32Array(n);
    const pt = new Uint32Array(n);
    const ptk = new Uint32Array(n);
    let o = 0;
    for (const p of this.pending) {
      pk.set(p.fingerprint.hashes, o);
      ptk.set(p.fingerprint.ticks, o);
      pt.fill(p.trackId, o, o + p.fingerprint.hashes.length);
      o += p.fingerprint.hashes.length;
    }
    this.pending = [];
    const order = radixOrder(pk);
    const total = kept + n;
    const keys = new Uint32Array(total);
    const tracks = new Uint32Array(total);
    const ticks = new Uint32Array(total);
    let i = 0;
    let j = 0;
    for (let k = 0; k < total; k++) {
      if (j >= n || (i < kept && this.keys[i]! <= pk[order[j]!]!)) {
        keys[k] = this.keys[i]!;
        tracks[k] = this.trackIds[i]!;
        ticks[k] = this.ticks[i]!;
        i++;
      } else {
        const idx = order[j]!;
        keys[k] = pk[idx]!;
        tracks[k] = pt[idx]!;
        ticks[k] = ptk[idx]!;
        j++;
      }
    }
    this.keys = keys;
    this.trackIds = tracks;
    this.ticks = ticks;
    this.buckets = new Uint32Array(BUCKETS + 1);
    for (let k = 0; k < total; k++)
      if (keys[k]! >>> BUCKET_SHIFT < BUCKETS) this.buckets[(keys[k]! >>> BUCKET_SHIFT) + 1]!++;
    for (let b = 0; b < BUCKETS; b++) this.buckets[b + 1]! += this.buckets[b]!;
  }
}

/** Stable LSD radix sort (two 16-bit passes) returning the sorting permutation of `keys`. */
function radixOrder(keys: Uint32Array): Uint32Array {
  const n = keys.length;
  let order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  let next = new Uint32Array(n);
  const counts = new Uint32Array(65537);
  for (const shift of [0, 16]) {
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[((keys[i]! >>> shift) & 0xffff) + 1]!++;
    for (let b = 0; b < 65536; b++) counts[b + 1]! += counts[b]!;
    for (let i = 0; i < n; i++) {
      const idx = order[i]!;
      next[counts[(keys[idx]! >>> shift) & 0xffff]!++] = idx;
    }
    [order, next] = [next, order];
  }
  return order;
}
