import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api, seg } from '@/lib/api/client';
import { toList } from '@/lib/api/normalise';
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

const filterKey = (filters: FilterEntry[]) => filters.map((f) => `${f.id}!${f.kind}`).join('|');

/** POST {prefix}/get_{facet}_for_filter/{x}/{page}/ {data}. */
export async function getPagedFacet(
  facet: PagedFacet,
  term: string,
  page: number,
  filters: FilterEntry[],
): Promise<Named[]> {
  const answer = await api<unknown>(`get_${facet}_for_filter/${seg(termOrSpace(term))}/${page}/`, {
    method: 'POST',
    body: toFilterData(filters),
  });
  return toList<Named>(answer, facet);
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
export async function getWholeFacet(facet: WholeFacet, filters: FilterEntry[]): Promise<Named[]> {
  return toList<Named>(
    await api<unknown>(`get_${facet}_for_filter/`, { method: 'POST', body: toFilterData(filters) }),
    facet,
  );
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
