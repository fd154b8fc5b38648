import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Named } from '@/lib/api/types';
import { nextListPage, termOrSpace } from './paging';

/** POST {prefix}/get_activities/{query}/{page}/ {data: []} (public, paged). */
export function getActivities(query: string, page: number): Promise<Named[]> {
  return api('/cuviewTV/get_activities/{query}/{page}', {
    path: { query: termOrSpace(query), page },
    method: 'POST',
    body: { data: [] },
  });
}

export const activitiesQueryOptions = (query: string) =>
  infiniteQueryOptions({
    queryKey: ['search', 'activities', termOrSpace(query)],
    queryFn: ({ pageParam }) => getActivities(query, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPage) => nextListPage(last, lastPage),
  });

export function useActivities(query: string, enabled: boolean) {
  return useInfiniteQuery({ ...activitiesQueryOptions(query), enabled });
}
