import { Injectable } from '@nestjs/common';
import { AppConfig } from '@app/config';
import { ImageKind } from '@app/contracts';
import { imagePath } from '../api-prefix.js';
import { CatalogueRepository } from '../catalogue/catalogue.repository.js';
import { MediaUrls } from '../catalogue/media-urls.js';
import { toVideoDto } from '../catalogue/video-sql.js';
import { renderSharePage } from './share-page.js';

@Injectable()
export class ShareService {
  private readonly base: string;

  constructor(
    config: AppConfig,
    private readonly catalogue: CatalogueRepository,
    private readonly urls: MediaUrls,
  ) {
    this.base = config.PUBLIC_URL.replace(/\/+$/, '');
  }

  /** The page for a visible video, or null when there is none to preview. */
  async page(videoId: number, playlistId: number, groupId: number): Promise<string | null> {
    const row = await this.catalogue.findVisibleVideo(videoId);
    if (!row) return null;
    const video = toVideoDto(row, this.urls);
    const stream = video.scripted_bunny_path;
    return renderSharePage({
      title: video.title,
      description: video.artists ? `${video.artists} on CUVIEW TV` : 'Watch on CUVIEW TV',
      pageUrl: `${this.base}/share/${videoId}/${playlistId}/${groupId}/`,
      playerUrl: this.playerUrl(videoId, playlistId, groupId),
      // Versioned, so link previews (which keep pictures for long) show a replaced thumbnail.
      imageUrl: `${this.base}${video.images?.[600] ?? imagePath(ImageKind.Video, videoId, 600)}`,
      streamUrl: stream ? (/^https?:\/\//.test(stream) ? stream : `${this.base}${stream}`) : null,
    });
  }

  playerUrl(videoId: number, playlistId: number, groupId: number): string {
    return `${this.base}/home?g=${groupId}&p=${playlistId}&v=${videoId}`;
  }
}
