import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { DROPDOWN_PAGE_SIZE } from '../../messages';
import type { IdTitle } from '../../types';
import { adminKeys } from '../keys';

/** A dropdown source paged by scrolling: page n of the matches for `query`, 20 per page. */
export type PagedFetcher = (query: string, page: number, signal?: AbortSignal) => Promise<IdTitle[]>;

/**
 * Infinite query over a paged lookup. A short page is the last one, so scrolling to the bottom
 * stops asking.
 */
export const pagedLookupOptions = (name: string, fetcher: PagedFetcher, query: string, extraKey: unknown = null) =>
  infiniteQueryOptions({
    queryKey: [...adminKeys.lookups, name, query.trim(), extraKey],
    queryFn: ({ pageParam, signal }) => fetcher(query, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.length >= DROPDOWN_PAGE_SIZE ? pages.length + 1 : undefined),
  });

export function usePagedLookup(
  name: string,
  fetcher: PagedFetcher,
  query: string,
  enabled: boolean,
  extraKey?: unknown,
) {
  return useInfiniteQuery({ ...pagedLookupOptions(name, fetcher, query, extraKey ?? null), enabled });
}
