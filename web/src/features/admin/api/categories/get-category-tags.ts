import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { IdTitle } from '../../types';
import { adminKeys } from '../keys';

/** GET get_category_tags/{id}/: the category's tags. */
export function getCategoryTags(id: number, signal?: AbortSignal): Promise<IdTitle[]> {
  return api('/cuviewTV/get_category_tags/{id}', { path: { id }, auth: 'required', signal });
}

export const categoryTagsKey = (id: number) => [...adminKeys.category(id), 'tags'] as const;

export const categoryTagsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: categoryTagsKey(id),
    queryFn: ({ signal }) => getCategoryTags(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });

export function useCategoryTags(id: number) {
  return useQuery(categoryTagsQueryOptions(id));
}
