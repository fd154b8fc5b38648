import { useQueries } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { FilterKind, toFilterData, type FilterEntry, type Named } from '@/lib/api/types';
import { getPagedFacet, getWholeFacet, type PagedFacet, type WholeFacet } from './get-facets';

/** What a filter entry of each kind is called on screen. */
export const FILTER_KIND_LABEL: Record<FilterKind, string> = {
  [FilterKind.tag]: 'Tag',
  [FilterKind.composer]: 'Composer',
  [FilterKind.genre]: 'Genre',
  [FilterKind.mood]: 'Mood',
  [FilterKind.activity]: 'Activity',
  [FilterKind.artist]: 'Artist',
  [FilterKind.videoGenre]: 'Video genre',
};

const FACET_OF_KIND: Record<Exclude<FilterKind, typeof FilterKind.activity>, PagedFacet | WholeFacet> = {
  [FilterKind.tag]: 'tags',
  [FilterKind.composer]: 'composers',
  [FilterKind.genre]: 'genres',
  [FilterKind.mood]: 'moods',
  [FilterKind.artist]: 'artists',
  [FilterKind.videoGenre]: 'videogenres',
};

/** Pages of a facet list looked through for one title (20 a page). */
const MAX_PAGES = 5;

function facetPage(kind: FilterKind, page: number, filters: FilterEntry[]): Promise<Named[]> {
  if (kind === FilterKind.activity) {
    return api('/cuviewTV/get_activities/{query}/{page}', {
      path: { query: ' ', page },
      method: 'POST',
      body: toFilterData(filters),
    });
  }
  const facet = FACET_OF_KIND[kind];
  if (facet === 'genres' || facet === 'moods') return page === 1 ? getWholeFacet(facet, filters) : Promise.resolve([]);
  return getPagedFacet(facet, '', page, filters);
}

/**
 * The title of a filter entry read back from an address (`/filter_results/12!8` carries ids
 * only). There is no look-up by id: the facet list of the entry's kind, narrowed by the
 * address's own filter list, still holds every selected value (each has matching videos).
 */
async function findTitle(entry: FilterEntry, filters: FilterEntry[]): Promise<string | null> {
  for (let page = 1; page <= MAX_PAGES; page++) {
    const values = await facetPage(entry.kind, page, filters);
    const found = values.find((v) => v.id === entry.id);
    if (found) return found.title;
    if (values.length < 20) break;
  }
  return null;
}

/** Titles of the entries, in order; undefined while loading, null for one not found. */
export function useFilterTitles(filters: FilterEntry[]): Array<string | null | undefined> {
  const key = filters.map((f) => `${f.id}!${f.kind}`).join('|');
  return useQueries({
    queries: filters.map((entry) => ({
      queryKey: ['search', 'filter-title', `${entry.id}!${entry.kind}`, key],
      queryFn: () => findTitle(entry, filters),
      staleTime: 5 * 60_000,
    })),
    combine: (results) => results.map((r) => (r.isPending ? undefined : (r.data ?? null))),
  });
}
