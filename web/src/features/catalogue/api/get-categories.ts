import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { toList } from '@/lib/api/normalise';
import type { Category } from '@/lib/api/types';

/** GET {prefix}/get_categories/ (public). */
export async function getCategories(): Promise<Category[]> {
  return toList<Category>(await api<unknown>('get_categories/'));
}

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: ['catalogue', 'categories'], queryFn: getCategories });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
