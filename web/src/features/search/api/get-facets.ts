import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api, type ApiPath } from '@/lib/api/client';
import { FilterKind, toFilterData, type FilterEntry, type Named } from '@/lib/api/types';
import { nextListPage, termOrSpace } from './paging';

/**
 * Facet lists of the search screen. Given the current filter list in `data` they answer only
 * values that still have matching videos (DESIGN §2.6).
 */
export type PagedFacet = 'artists' | 'composers' | 'tags' | 'videogenres';
export type WholeFacet = 'genres' | 'moods';

export const FACET_KIND: Record<PagedFacet | WholeFacet, FilterKind> = {
  artists: FilterKind.artist,
  composers: FilterKind.composer,
  tags: FilterKind.tag,
  videogenres: FilterKind.videoGenre,
  genres: FilterKind.genre,
  moods: FilterKind.mood,
};

const PAGED_FACET_PATH = {
  artists: '/cuviewTV/get_artists_for_filter/{x}/{page}',
  composers: '/cuviewTV/get_composers_for_filter/{x}/{page}',
  tags: '/cuviewTV/get_tags_for_filter/{x}/{page}',
  videogenres: '/cuviewTV/get_videogenres_for_filter/{x}/{page}',
} as const satisfies Record<PagedFacet, ApiPath>;

const WHOLE_FACET_PATH = {
  genres: '/cuviewTV/get_genres_for_filter',
  moods: '/cuviewTV/get_moods_for_filter',
} as const satisfies Record<WholeFacet, ApiPath>;

const filterKey = (filters: FilterEntry[]) => filters.map((f) => `${f.id}!${f.kind}`).join('|');

/** POST {prefix}/get_{facet}_for_filter/{x}/{page}/ {data}. */
export function getPagedFacet(facet: PagedFacet, term: string, page: number, filters: FilterEntry[]): Promise<Named[]> {
  return api(PAGED_FACET_PATH[facet], {
    path: { x: termOrSpace(term), page },
    method: 'POST',
    body: toFilterData(filters),
  });
}

export const pagedFacetQueryOptions = (facet: PagedFacet, term: string, filters: FilterEntry[]) =>
  infiniteQueryOptions({
    queryKey: ['search', 'facet', facet, termOrSpace(term), filterKey(filters)],
    queryFn: ({ pageParam }) => getPagedFacet(facet, term, pageParam, filters),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPage) => nextListPage(last, lastPage),
    // Keep the list on screen while it narrows to the new filter list.
    placeholderData: keepPreviousData,
  });

export function usePagedFacet(facet: PagedFacet, term: string, filters: FilterEntry[], enabled = true) {
  return useInfiniteQuery({ ...pagedFacetQueryOptions(facet, term, filters), enabled });
}

/** POST {prefix}/get_genres_for_filter/ and get_moods_for_filter/ {data}. */
export function getWholeFacet(facet: WholeFacet, filters: FilterEntry[]): Promise<Named[]> {
  return api(WHOLE_FACET_PATH[facet], { method: 'POST', body: toFilterData(filters) });
}

export const wholeFacetQueryOptions = (facet: WholeFacet, filters: FilterEntry[]) =>
  queryOptions({
    queryKey: ['search', 'facet', facet, filterKey(filters)],
    queryFn: () => getWholeFacet(facet, filters),
    placeholderData: keepPreviousData,
  });

export function useWholeFacet(facet: WholeFacet, filters: FilterEntry[], enabled = true) {
  return useQuery({ ...wholeFacetQueryOptions(facet, filters), enabled });
}
