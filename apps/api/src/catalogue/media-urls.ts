import { Injectable } from '@nestjs/common';
import { AppConfig } from '@app/config';

/** Public addresses of stored media, the one place that knows where media is served from. */
@Injectable()
export class MediaUrls {
  private readonly mediaBase: string;

  constructor(config: AppConfig) {
    // S3 or a CDN when configured; otherwise the api's own media route.
    this.mediaBase = (config.MEDIA_PUBLIC_URL ?? '/cuviewTV/media').replace(/\/+$/, '');
  }

  /** scripted_bunny_path: the HLS master playlist, or "" for a video without its own stream. */
  hls(hlsMasterKey: string | null | undefined): string {
    return this.media(hlsMasterKey);
  }

  /** Any stored stream file (storyboard index, subtitles) under the same rules, or "" for none. */
  media(key: string | null | undefined): string {
    return key ? `${this.mediaBase}/${key}` : '';
  }
}
