import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { IdTitle } from '../../types';
import { adminKeys } from '../keys';

/** GET get_genres/: every genre (sent without a token, spec §6). */
export function getGenres(signal?: AbortSignal): Promise<IdTitle[]> {
  return api('/cuviewTV/get_genres', { signal });
}

export const genresQueryOptions = () =>
  queryOptions({
    queryKey: [...adminKeys.lookups, 'genres'],
    queryFn: ({ signal }) => getGenres(signal),
    staleTime: 5 * 60_000,
  });

export function useGenres() {
  return useQuery(genresQueryOptions());
}
