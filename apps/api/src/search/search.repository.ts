import { Injectable } from '@nestjs/common';
import { PAGE_SIZE, type FilterKind } from '@app/contracts';
import type { PlaylistSummaryRow } from '../catalogue/playlist-sql.js';
import { ReadDb } from '../catalogue/read-db.js';
import type { VideoJson } from '../catalogue/video-sql.js';
import type { FilterSelection } from '../common/filter-list.js';
import {
  facetQuery,
  filterCountQuery,
  filterResultsQuery,
  playlistSearchQuery,
  searchResultsQuery,
  searchSuggestionsQuery,
  SUGGESTIONS,
  titlesByIdQuery,
  videosByIdQuery,
} from './search-sql.js';
import { SearchIndex } from './search-index.js';

export interface VideoPageRow {
  total: number;
  videos: VideoJson[];
  /** The total is a lower bound (a bounded search, SEARCH_CANDIDATES; a wide filter, FILTER_COUNT_CAP). */
  estimated?: boolean;
}

/**
 * Search and filter reads (DESIGN.md §4). Text search and suggestions are answered by the
 * in-memory index when SEARCH_ENGINE=memory and it is loaded (ids best first; the videos' JSON
 * still comes from Postgres by id), by Postgres otherwise. Filters and facets stay in Postgres.
 */
@Injectable()
export class SearchRepository {
  constructor(
    private readonly read: ReadDb,
    private readonly index: SearchIndex,
  ) {}

  /**
   * The text as cuview_norm() normalises titles, names and descriptions (letters and digits of any script, case and
   * accents folded). ASCII needs no round trip (unaccent leaves it alone), anything else asks Postgres so both sides
   * use the same accent and letter rules.
   */
  async normalise(text: string): Promise<string> {
    if (/^[\x00-\x7f]*$/.test(text))
      return text
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, ' ')
        .trim();
    const row = await this.read.one<{ q: string | null }>({ text: 'SELECT cuview_norm($1) AS q', values: [text] });
    return row?.q ?? '';
  }

  /** Titles of the best matches over titles, artists, composers and descriptions. */
  async findSuggestions(q: string): Promise<{ id: number; title: string }[]> {
    const matches = await this.index.search(q, SUGGESTIONS);
    if (!matches) return this.read.rows(searchSuggestionsQuery(q));
    return matches.total > 0 ? this.read.rows(titlesByIdQuery(matches.ids)) : [];
  }

  async findVideoPageByText(q: string, page: number): Promise<VideoPageRow> {
    const matches = await this.index.search(q, page * PAGE_SIZE.viewer);
    if (!matches) return (await this.read.one<VideoPageRow>(searchResultsQuery(q, page)))!;
    const onPage = matches.ids.slice((page - 1) * PAGE_SIZE.viewer);
    if (onPage.length === 0) return { total: matches.total, videos: [] };
    const { videos } = (await this.read.one<{ videos: VideoJson[] }>(videosByIdQuery(onPage)))!;
    return { total: matches.total, videos };
  }

  /**
   * Playlists by title (Postgres under either engine: the in-memory index holds videos only).
   * `userId` adds that viewer's own playlists to the editorial ones.
   */
  findPlaylistsByText(q: string, userId: number | null): Promise<PlaylistSummaryRow[]> {
    return this.read.rows(playlistSearchQuery(q, userId));
  }

  async findVideoPageByFilters(selection: FilterSelection, page: number): Promise<VideoPageRow> {
    return (await this.read.one<VideoPageRow>(filterResultsQuery(selection, page)))!;
  }

  async countVideosByFilters(selection: FilterSelection): Promise<{ total: number; estimated: boolean }> {
    return (await this.read.one<{ total: number; estimated: boolean }>(filterCountQuery(selection)))!;
  }

  async findFacetValues(
    kind: FilterKind,
    q: string,
    selection: FilterSelection,
    page: number | null,
  ): Promise<{ id: number; title: string; kind: number }[]> {
    return this.read.rows(facetQuery(kind, q, selection, page));
  }
}
