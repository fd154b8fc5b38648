import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { VideoPage } from '@/lib/api/types';
import { nextVideoPage } from './paging';

/** POST {prefix}/get_search_results/{query}/{page}/ (empty body, public). */
export function getSearchResults(query: string, page: number): Promise<VideoPage> {
  return api('/cuviewTV/get_search_results/{query}/{page}', { path: { query, page }, method: 'POST' });
}

export const searchResultsQueryOptions = (query: string) =>
  infiniteQueryOptions({
    queryKey: ['search', 'results', query],
    queryFn: ({ pageParam }) => getSearchResults(query, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextVideoPage,
    enabled: query.trim() !== '',
  });

export function useSearchResults(query: string) {
  return useInfiniteQuery(searchResultsQueryOptions(query));
}
