import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { toFilterData, type FilterEntry, type VideoPage } from '@/lib/api/types';
import { nextVideoPage } from './paging';

/** POST {prefix}/get_filter_results/{page}/ {data}: videos matching the filter list (public). */
export function getFilterResults(filters: FilterEntry[], page: number): Promise<VideoPage> {
  return api('/cuviewTV/get_filter_results/{page}', { path: { page }, method: 'POST', body: toFilterData(filters) });
}

const key = (filters: FilterEntry[]) => filters.map((f) => `${f.id}!${f.kind}`).join('|');

export const filterResultsQueryOptions = (filters: FilterEntry[]) =>
  infiniteQueryOptions({
    queryKey: ['search', 'filterResults', key(filters)],
    queryFn: ({ pageParam }) => getFilterResults(filters, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextVideoPage,
    // Spec viewer §4: requested only when the filter list is non-empty.
    enabled: filters.length > 0,
  });

export function useFilterResults(filters: FilterEntry[]) {
  return useInfiniteQuery(filterResultsQueryOptions(filters));
}
