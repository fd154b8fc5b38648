import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Category } from '@/lib/api/types';

/** GET {prefix}/get_categories/ (public). */
export function getCategories(): Promise<Category[]> {
  return api('/cuviewTV/get_categories');
}

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: ['catalogue', 'categories'], queryFn: getCategories });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
