import { FP_TICK_SECONDS, type Fingerprint } from './fingerprint.js';

/**
 * A track's postings as one byte string, the way the tracker's table stores them (one row per
 * track instead of one per posting, which cost 19.8 MB per hour of audio on disk where these
 * bytes are 1.8): each distinct (hash, tick) pair as two big-endian 32-bit integers, ordered by
 * tick then hash. Big-endian so that Postgres builds the same bytes from rows with
 * `int4send(hash) || int4send(tick)` (migration FingerprintPostingsPacked).
 */
export const PACKED_POSTING_BYTES = 8;

/** The distinct (hash, tick) pairs of a fingerprint, packed. */
export function packPostings(fp: Pick<Fingerprint, 'hashes' | 'ticks'>): Uint8Array {
  // Hashes are 24-bit, so (tick, hash) is one exact double key.
  const keys = new Float64Array(fp.hashes.length);
  for (let i = 0; i < keys.length; i++) keys[i] = fp.ticks[i]! * 0x1000000 + fp.hashes[i]!;
  keys.sort();
  const out = new Uint8Array(keys.length * PACKED_POSTING_BYTES);
  const view = new DataView(out.buffer);
  let n = 0;
  for (let i = 0; i < keys.length; i++) {
    if (i > 0 && keys[i] === keys[i - 1]) continue;
    view.setUint32(n * PACKED_POSTING_BYTES, keys[i]! % 0x1000000);
    view.setUint32(n * PACKED_POSTING_BYTES + 4, Math.floor(keys[i]! / 0x1000000));
    n++;
  }
  return out.subarray(0, n * PACKED_POSTING_BYTES);
}

/** A track's postings back from their packed bytes (its duration: up to its last tick). */
export function unpackPostings(bytes: Uint8Array): Fingerprint {
  if (bytes.length % PACKED_POSTING_BYTES !== 0) {
    throw new Error(`packed postings must be a multiple of ${PACKED_POSTING_BYTES} bytes, got ${bytes.length}`);
  }
  const count = bytes.length / PACKED_POSTING_BYTES;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const hashes = new Uint32Array(count);
  const ticks = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    hashes[i] = view.getUint32(i * PACKED_POSTING_BYTES);
    ticks[i] = view.getUint32(i * PACKED_POSTING_BYTES + 4);
  }
  return { hashes, ticks, duration: count ? ticks[count - 1]! * FP_TICK_SECONDS : 0 };
}
