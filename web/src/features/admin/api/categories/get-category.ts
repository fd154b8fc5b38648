import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { CategoryWithTags } from '../../types';
import { adminKeys } from '../keys';

/** GET get_category/{id}/: one category with its tags. */
export function getCategory(id: number, signal?: AbortSignal): Promise<CategoryWithTags> {
  return api('/cuviewTV/get_category/{id}', { path: { id }, auth: 'required', signal });
}

export const categoryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminKeys.category(id),
    queryFn: ({ signal }) => getCategory(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });

export function useCategory(id: number) {
  return useQuery(categoryQueryOptions(id));
}
