import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { components, paths } from '@/lib/api/schema.gen';
import { adminKeys } from '../keys';

export type CategoryPageQuery = NonNullable<paths['/cuviewTV/admin/categories']['get']['parameters']['query']>;
export type CategoryPage = components['schemas']['AdminCategoryPageDto'];

/** GET admin/categories/: a page of the categories, by title unless sorted, with categoryLength. */
export function browseCategories(query: CategoryPageQuery, signal?: AbortSignal): Promise<CategoryPage> {
  return api('/cuviewTV/admin/categories', { query, auth: 'required', signal });
}

export const categoryPageQueryOptions = (query: CategoryPageQuery) =>
  queryOptions({
    queryKey: [...adminKeys.categories, 'browse', query],
    queryFn: ({ signal }) => browseCategories(query, signal),
    placeholderData: keepPreviousData,
  });

export function useCategoryPage(query: CategoryPageQuery) {
  return useQuery(categoryPageQueryOptions(query));
}
