import { BadRequestException, Injectable } from '@nestjs/common';
import { FilterKind } from '@app/contracts';
import { CatalogueCache } from '../catalogue-cache/catalogue-cache.js';
import type { NamedDto, VideoLengthDto, VideoPageDto } from '../catalogue/dto/video.dto.js';
import { MediaUrls } from '../catalogue/media-urls.js';
import { toVideoDto } from '../catalogue/video-sql.js';
import { FilterListError, groupByKind, parseFilterList, withoutKind, type FilterSelection } from './filter-list.js';
import type { FilterEntryDto } from './search.dto.js';
import { SearchRepository, type VideoPageRow } from './search.repository.js';

/** Longer search texts are refused: no title is that long, and trigram work grows with length. */
export const MAX_SEARCH_TEXT = 200;

@Injectable()
export class SearchService {
  constructor(
    private readonly search: SearchRepository,
    private readonly urls: MediaUrls,
    private readonly cache: CatalogueCache,
  ) {}

  async suggestions(text: string): Promise<NamedDto[]> {
    const q = await this.readText(text);
    return q ? this.search.findSuggestions(q) : [];
  }

  async resultsByText(text: string, page: number): Promise<VideoPageDto> {
    const q = await this.readText(text);
    if (!q) return { videos: [], videoLength: 0 };
    return this.cache.get(CatalogueCache.searchKey(q, page), async () =>
      this.toPage(await this.search.findVideoPageByText(q, page)),
    );
  }

  async resultsByFilters(body: unknown, page: number): Promise<VideoPageDto> {
    const selection = this.readSelection(body);
    return this.cache.get(CatalogueCache.filterKey(selection, page), async () =>
      this.toPage(await this.search.findVideoPageByFilters(selection, page)),
    );
  }

  async countByFilters(body: unknown): Promise<VideoLengthDto> {
    return { videoLength: await this.search.countVideosByFilters(this.readSelection(body)) };
  }

  /**
   * A facet list narrowed to the current selection. The facet's own kind is left out of the
   * selection, so choosing one artist still lists the other artists to OR in.
   */
  async facet(kind: FilterKind, text: string | null, body: unknown, page: number | null): Promise<FilterEntryDto[]> {
    const q = text === null ? '' : await this.readText(text);
    const selection = withoutKind(this.readSelection(body), kind);
    return (await this.search.findFacetValues(kind, q, selection, page)) as FilterEntryDto[];
  }

  private readSelection(body: unknown): FilterSelection {
    if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
      throw new BadRequestException({ message: 'The body must be an object such as {"data": "12!4|7!7"}' });
    }
    const data = (body as { data?: unknown } | null | undefined)?.data;
    try {
      return groupByKind(parseFilterList(data));
    } catch (error) {
      if (error instanceof FilterListError) throw new BadRequestException({ message: error.message });
      throw error;
    }
  }

  /** Normalised search text; a single space (the spec's "no text") and punctuation alone become "". */
  private async readText(text: string): Promise<string> {
    if (text.length > MAX_SEARCH_TEXT) {
      throw new BadRequestException({ message: `Search text is too long (at most ${MAX_SEARCH_TEXT} characters)` });
    }
    return this.search.normalise(text);
  }

  private toPage(row: VideoPageRow): VideoPageDto {
    return { videos: row.videos.map((video) => toVideoDto(video, this.urls)), videoLength: row.total };
  }
}
