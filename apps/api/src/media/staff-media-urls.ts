import { Injectable } from '@nestjs/common';
import { AppConfig } from '@app/config';
import type { ImageKind } from '@app/contracts';
import { API_PREFIX } from '../api-prefix.js';
import { MediaSigner } from './media-signer.js';

/** The video a stream key belongs to: `hls/{videoId}/…`. */
const LADDER_KEY = /^hls\/(\d+)\//;

/**
 * Signed addresses for the admin console: staff see and preview every item, whatever its
 * access, through addresses that work without a token (an `<img>` or hls.js sends none).
 */
@Injectable()
export class StaffMediaUrls {
  private readonly mediaBase: string;

  constructor(
    config: AppConfig,
    private readonly signer: MediaSigner,
  ) {
    this.mediaBase = (config.MEDIA_PUBLIC_URL ?? `/${API_PREFIX}/media`).replace(/\/+$/, '');
  }

  /** The signed master playlist of a ladder, or "" when the video has no stream of its own. */
  hls(hlsMasterKey: string | null | undefined): string {
    return this.stream(hlsMasterKey);
  }

  /** Any file under a video's stream prefix (`hls/{videoId}/…`: playlists, storyboard, subtitles), signed. */
  stream(key: string | null | undefined): string {
    const videoId = LADDER_KEY.exec(key ?? '')?.[1];
    if (!key || !videoId) return '';
    return `${this.mediaBase}/${this.signer.sign(MediaSigner.streamScope(Number(videoId)))}${key}`;
  }

  /**
   * The signed image address without its size (append `300/` or `600/`), or null when the
   * item has no image, so that the console shows its default cover without asking.
   */
  image(kind: ImageKind, id: number, hasImage: boolean): string | null {
    if (!hasImage) return null;
    return `/${API_PREFIX}/image/${this.signer.sign(MediaSigner.imageScope(kind, id))}${kind}/${id}/`;
  }

  /**
   * An admin row as its SQL builds it, `image` true when the item has one, with `image` made
   * its signed address (of the item `id`, the row's own by default).
   */
  withImage<T extends { id: number; image: string | null }>(kind: ImageKind, row: T, id = row.id): T {
    return { ...row, image: this.image(kind, id, Boolean(row.image)) };
  }
}
