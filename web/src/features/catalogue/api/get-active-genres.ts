import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Named } from '@/lib/api/types';

/** GET {prefix}/get_active_genres/ (public). */
export function getActiveGenres(): Promise<Named[]> {
  return api('/cuviewTV/get_active_genres');
}

export const activeGenresQueryOptions = () =>
  queryOptions({ queryKey: ['catalogue', 'activeGenres'], queryFn: getActiveGenres });

export function useActiveGenres() {
  return useQuery(activeGenresQueryOptions());
}
