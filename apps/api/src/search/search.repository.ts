import { Injectable } from '@nestjs/common';
import type { FilterKind } from '@app/contracts';
import { ReadDb } from '../catalogue/read-db.js';
import type { VideoJson } from '../catalogue/video-sql.js';
import type { FilterSelection } from '../common/filter-list.js';
import {
  facetQuery,
  filterCountQuery,
  filterResultsQuery,
  searchResultsQuery,
  searchSuggestionsQuery,
} from './search-sql.js';

export interface VideoPageRow {
  total: number;
  videos: VideoJson[];
  /** The total is a lower bound (a bounded search, SEARCH_CANDIDATES; a wide filter, FILTER_COUNT_CAP). */
  estimated?: boolean;
}

/** Search and filter reads (DESIGN.md §4); the one place a search engine could replace Postgres. */
@Injectable()
export class SearchRepository {
  constructor(private readonly read: ReadDb) {}

  /**
   * The text as cuview_norm() normalises titles, names and descriptions. ASCII needs no round trip (unaccent leaves it
   * alone), anything else asks Postgres so both sides use the same accent rules.
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
    return this.read.rows(searchSuggestionsQuery(q));
  }

  async findVideoPageByText(q: string, page: number): Promise<VideoPageRow> {
    return (await this.read.one<VideoPageRow>(searchResultsQuery(q, page)))!;
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
