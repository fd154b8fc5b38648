import { Injectable } from '@nestjs/common';
import { CatalogueCache } from '../catalogue-cache/catalogue-cache.js';
import { MediaSigner } from './media-signer.js';
import { MediaRepository } from './media.repository.js';

/** A stream's key: `hls/{videoId}/{run}/…`, server-generated segments only (no `..`). */
const STREAM_KEY = /^hls\/(\d{1,10})\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
/** Album track excerpts for prelistening: albums have no access switch, so they stay public. */
const EXCERPT_KEY = /^excerpts\//;
/**
 * What nginx asks about (infra/docker/nginx.conf): the scope of an address, `hls/{videoId}/` or
 * `excerpts/`, behind the signed prefix `s/{expires}/{signature}/` when it has one (the router
 * drops the last slash). One answer holds for every file under the scope, so nginx keeps it per
 * video, not per segment.
 */
const SCOPE = /^(?:s\/([^/]*)\/([^/]*)\/)?(hls\/(\d{1,10})\/?|excerpts\/?)$/;

/** A year: segments never change under their ladder's fresh prefix. */
const IMMUTABLE_SECONDS = 31_536_000;
/**
 * How long a shared cache (CDN, proxy) may answer for the origin before it asks again: switching
 * a video off reaches viewers through a CDN within this time. Browsers keep segments longer.
 */
const SHARED_SECONDS = 60;

/** `allowed`, or why not: `not-found` answers 404, `expired` and `invalid` (a signature) 403. */
export type MediaDecision = 'allowed' | 'not-found' | 'expired' | 'invalid';

/** A signed address's two parts, from `s/{expires}/{signature}/`. */
export interface SignedPart {
  expires: string;
  signature: string;
}

/** The decision and, when allowed, the Cache-Control of a playlist and of any other file. */
export interface MediaAnswer {
  decision: MediaDecision;
  playlistCache: string;
  fileCache: string;
}

/**
 * Who may fetch which stored media (DESIGN.md §10): the streams of videos whose access is on,
 * and excerpts, to anyone; a stream of any video through a valid signed address. Originals and
 * every other key to no one. The one rule both for the api's own media route (`npm start`) and
 * for nginx, which asks it per video before serving the files itself (the containers).
 */
@Injectable()
export class MediaAccessService {
  constructor(
    private readonly repository: MediaRepository,
    private readonly cache: CatalogueCache,
    private readonly signer: MediaSigner,
  ) {}

  /** A stored key, fetched at its public address or through `signed`. */
  async decideKey(key: string, signed?: SignedPart): Promise<MediaAnswer> {
    if (EXCERPT_KEY.test(key)) return this.decide(null, signed);
    const match = STREAM_KEY.exec(key);
    // 'invalid' for a signed address outside any stream, so nothing else is reachable by signing.
    if (!match) return this.answer(signed ? 'invalid' : 'not-found', signed);
    return this.decide(Number(match[1]), signed);
  }

  /** A scope as nginx names it (SCOPE); null when it is not one. */
  async decideScope(address: string): Promise<MediaAnswer | null> {
    const match = SCOPE.exec(address);
    if (!match) return null;
    const signed = match[1] === undefined ? undefined : { expires: match[1], signature: match[2]! };
    return this.decide(match[4] === undefined ? null : Number(match[4]), signed);
  }

  /** `videoId` null for excerpts. */
  private async decide(videoId: number | null, signed: SignedPart | undefined): Promise<MediaAnswer> {
    if (signed) {
      if (videoId === null) return this.answer('invalid', signed);
      return this.answer(this.signer.check(signed.expires, signed.signature, MediaSigner.streamScope(videoId)), signed);
    }
    if (videoId === null) return this.answer('allowed');
    return this.answer((await this.isVisible(videoId)) ? 'allowed' : 'not-found');
  }

  /**
   * Asked for every playlist and segment a player fetches (one every 2-6 s per viewer), so the
   * answer comes from the catalogue cache: a video's status change notifies `*`, which empties
   * it at once in every api process (catalogue-cache/catalogue-changes.ts).
   */
  private isVisible(videoId: number): Promise<boolean> {
    return this.cache.get(`media:video:${videoId}`, () => this.repository.isVideoVisible(videoId));
  }

  private answer(decision: MediaDecision | 'valid', signed?: SignedPart): MediaAnswer {
    if (signed) {
      // Staff only, for as long as the address works: never kept by a shared cache.
      const left = Math.max(0, Number(signed.expires) - Math.floor(Date.now() / 1000));
      return {
        decision: decision === 'valid' ? 'allowed' : decision,
        playlistCache: 'private, max-age=60',
        fileCache: `private, max-age=${left}`,
      };
    }
    // Playlists are small and re-read; segments are immutable under their fresh prefix.
    return {
      decision: decision === 'valid' ? 'allowed' : decision,
      playlistCache: 'public, max-age=60',
      fileCache: `public, max-age=${IMMUTABLE_SECONDS}, s-maxage=${SHARED_SECONDS}, immutable`,
    };
  }
}
