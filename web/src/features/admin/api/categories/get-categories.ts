import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Category } from '../../types';
import { adminKeys } from '../keys';

/** GET get_categories_for_admin/: every category, those with access off included. */
export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return api('/cuviewTV/get_categories_for_admin', { auth: 'required', signal });
}

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: [...adminKeys.categories, 'list'], queryFn: ({ signal }) => getCategories(signal) });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
