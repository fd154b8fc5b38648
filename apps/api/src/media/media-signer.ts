import { createHmac, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '@app/config';
import type { ImageKind } from '@app/contracts';

/** The path segment that starts a signed address: `s/{expires}/{signature}/` before the key. */
export const SIGNED = 's';

export type SignatureCheck = 'valid' | 'expired' | 'invalid';

/**
 * Signed media addresses for staff (DESIGN.md §10): the streams and images of items whose
 * access is off are served only through them.
 *
 * An address is `…/s/{expires}/{signature}/{key}`: `expires` in Unix seconds and
 * `signature` = base64url(HMAC-SHA256(key, `{expires}:{scope}`)), where the scope is the
 * prefix of the keys it opens: `hls/{videoId}/` (every ladder of one video) or
 * `image/{kind}/{id}/` (one item's image at every size). The signature sits in the path, not
 * the query, so the relative addresses inside HLS playlists (hls.js resolves them against the
 * playlist's address and drops its query) inherit it; a CDN or nginx holding the key can
 * check an address without calling the api.
 *
 * Expiry is rounded up to a bucket so that an item's address stays the same for a while
 * and browsers reuse the picture they already have.
 */
@Injectable()
export class MediaSigner {
  private readonly key: Buffer;
  private readonly ttl: number;
  private readonly bucket: number;

  constructor(config: AppConfig) {
    // Derived rather than JWT_SECRET itself: a CDN given this key cannot forge tokens.
    this.key = config.MEDIA_SIGNING_SECRET
      ? Buffer.from(config.MEDIA_SIGNING_SECRET)
      : createHmac('sha256', config.JWT_SECRET).update('cuview media addresses').digest();
    this.ttl = config.MEDIA_SIGNED_TTL_SECONDS;
    this.bucket = Math.min(600, Math.floor(this.ttl / 4));
  }

  static streamScope(videoId: number): string {
    return `hls/${videoId}/`;
  }

  static imageScope(kind: ImageKind, id: number): string {
    return `image/${kind}/${id}/`;
  }

  /** `s/{expires}/{signature}/`, valid for at least the configured lifetime from `now`. */
  sign(scope: string, now = Date.now()): string {
    const seconds = Math.floor(now / 1000) + this.ttl;
    const expires = Math.ceil(seconds / this.bucket) * this.bucket;
    return `${SIGNED}/${expires}/${this.signature(expires, scope)}/`;
  }

  check(expires: string, signature: string, scope: string, now = Date.now()): SignatureCheck {
    if (!/^\d{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return 'invalid';
    const expected = Buffer.from(this.signature(Number(expires), scope));
    if (!timingSafeEqual(expected, Buffer.from(signature))) return 'invalid';
    return Number(expires) * 1000 > now ? 'valid' : 'expired';
  }

  private signature(expires: number, scope: string): string {
    return createHmac('sha256', this.key).update(`${expires}:${scope}`).digest('base64url');
  }
}
