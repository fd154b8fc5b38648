import { Injectable } from '@nestjs/common';
import { CatalogueCache } from '../catalogue-cache/catalogue-cache.js';
import { MediaSigner, type SignatureCheck } from './media-signer.js';
import { MediaRepository } from './media.repository.js';

/** A stream's key: `hls/{videoId}/{run}/…`, server-generated segments only (no `..`). */
const STREAM_KEY = /^hls\/(\d{1,10})\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
/** Album track excerpts for prelistening: albums have no access switch, so they stay public. */
const EXCERPT_KEY = /^excerpts\//;

/**
 * Who may fetch which stored media (DESIGN.md §10): the streams of videos whose access is on,
 * and excerpts, to anyone; a stream of any video through a valid signed address. Originals and
 * every other key to no one.
 */
@Injectable()
export class MediaAccessService {
  constructor(
    private readonly repository: MediaRepository,
    private readonly cache: CatalogueCache,
    private readonly signer: MediaSigner,
  ) {}

  /**
   * Asked for every playlist and segment a player fetches (one every 2-6 s per viewer), so the
   * answer comes from the catalogue cache: a video's status change notifies `*`, which empties
   * it at once in every api process (catalogue-cache/catalogue-changes.ts).
   */
  async isPublic(key: string): Promise<boolean> {
    if (EXCERPT_KEY.test(key)) return true;
    const videoId = this.videoOf(key);
    if (videoId === null) return false;
    return this.cache.get(`media:video:${videoId}`, () => this.repository.isVideoVisible(videoId));
  }

  /** 'invalid' also for keys outside any stream, so nothing else is reachable by signing. */
  checkSigned(key: string, expires: string, signature: string): SignatureCheck {
    const videoId = this.videoOf(key);
    if (videoId === null) return 'invalid';
    return this.signer.check(expires, signature, MediaSigner.streamScope(videoId));
  }

  private videoOf(key: string): number | null {
    const match = STREAM_KEY.exec(key);
    return match ? Number(match[1]) : null;
  }
}
