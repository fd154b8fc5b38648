import { Injectable } from '@nestjs/common';
import { FilterKind } from '@app/contracts';
import { CatalogueCache } from '../catalogue-cache/catalogue-cache.js';
import type { PlaylistSummaryDto } from '../catalogue/dto/playlist.dto.js';
import type { NamedDto, VideoLengthDto, VideoPageDto } from '../catalogue/dto/video.dto.js';
import { MediaUrls } from '../catalogue/media-urls.js';
import { toPlaylistSummaryDto } from '../catalogue/presenters.js';
import { toVideoDto } from '../catalogue/video-sql.js';
import { withoutKind, type FilterSelection } from '../common/filter-list.js';
import { refuseLongSearchText } from '../common/params.js';
import type { FilterEntryDto } from './search.dto.js';
import { StatsService } from '../stats/stats.service.js';
import { SearchRepository, type VideoPageRow } from './search.repository.js';

@Injectable()
export class SearchService {
  constructor(
    private readonly search: SearchRepository,
    private readonly urls: MediaUrls,
    private readonly cache: CatalogueCache,
    private readonly stats: StatsService,
  ) {}

  async suggestions(text: string): Promise<NamedDto[]> {
    const q = await this.readText(text);
    return q ? this.search.findSuggestions(q) : [];
  }

  async resultsByText(text: string, page: number): Promise<VideoPageDto> {
    const q = await this.readText(text);
    if (!q) return { videos: [], videoLength: 0 };
    const answer = await this.cache.get(CatalogueCache.searchKey(q, page), async () =>
      this.toPage(await this.search.findVideoPageByText(q, page)),
    );
    // Counted for the staff statistics (top searches, searches with no result): the first page
    // is the search, later pages only browse it.
    if (page === 1) await this.stats.recordSearch(q, answer.videoLength);
    return answer;
  }

  /**
   * Playlists whose title matches the text (beyond the spec: a viewer searching "rock en
   * espanol" expects the playlist "Rock en Español"). Not cached: a signed-in viewer's answer
   * holds their own playlists, and a playlist's rename notifies only its own cache key.
   */
  async playlistsByText(text: string, userId: number | null): Promise<PlaylistSummaryDto[]> {
    const q = await this.readText(text);
    if (!q) return [];
    const rows = await this.search.findPlaylistsByText(q, userId);
    return rows.map((row) => toPlaylistSummaryDto(row, this.urls));
  }

  async resultsByFilters(selection: FilterSelection, page: number): Promise<VideoPageDto> {
    return this.cache.get(CatalogueCache.filterKey(selection, page), async () =>
      this.toPage(await this.search.findVideoPageByFilters(selection, page)),
    );
  }

  async countByFilters(selection: FilterSelection): Promise<VideoLengthDto> {
    const { total, estimated } = await this.search.countVideosByFilters(selection);
    return estimated ? { videoLength: total, videoLengthEstimated: true } : { videoLength: total };
  }

  /**
   * A facet list narrowed to the current selection. The facet's own kind is left out of the
   * selection, so choosing one artist still lists the other artists to OR in.
   */
  async facet(
    kind: FilterKind,
    text: string | null,
    selection: FilterSelection,
    page: number | null,
  ): Promise<FilterEntryDto[]> {
    const q = text === null ? '' : await this.readText(text);
    return (await this.search.findFacetValues(kind, q, withoutKind(selection, kind), page)) as FilterEntryDto[];
  }

  /** Normalised search text; a single space (the spec's "no text") and punctuation alone become "". */
  private async readText(text: string): Promise<string> {
    refuseLongSearchText(text);
    return this.search.normalise(text);
  }

  private toPage(row: VideoPageRow): VideoPageDto {
    const page: VideoPageDto = {
      videos: row.videos.map((video) => toVideoDto(video, this.urls)),
      videoLength: row.total,
    };
    if (row.estimated) page.videoLengthEstimated = true;
    return page;
  }
}
