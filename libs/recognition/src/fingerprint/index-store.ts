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

/** Storage of landmark hashes, implemented in memory here and in Postgres by the tracker. */
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
 * In-memory index: postings sorted by hash in flat typed arrays, looked up by binary
 * search. Additions are buffered and merged lazily on the next lookup.
 */
export class InMemoryFingerprintIndex implements FingerprintIndexStore {
  private keys = new Uint32Array(0);
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
    const outHashes: number[] = [];
    const outTracks: number[] = [];
    const outTicks: number[] = [];
    const keys = this.keys;
    for (let q = 0; q < hashes.length; q++) {
      const h = hashes[q]!;
      let lo = 0;
      let hi = keys.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (keys[mid]! < h) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < keys.length && keys[i] === h; i++) {
        outHashes.push(h);
        outTracks.push(this.trackIds[i]!);
        outTicks.push(this.ticks[i]!);
      }
    }
    return {
      hashes: Uint32Array.from(outHashes),
      trackIds: Uint32Array.from(outTracks),
      ticks: Uint32Array.from(outTicks),
    };
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
