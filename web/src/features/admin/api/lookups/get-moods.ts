import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { IdTitle } from '../../types';
import { adminKeys } from '../keys';

/** GET get_moods/: every mood (sent without a token, spec §6). */
export function getMoods(signal?: AbortSignal): Promise<IdTitle[]> {
  return api('/cuviewTV/get_moods', { signal });
}

export const moodsQueryOptions = () =>
  queryOptions({
    queryKey: [...adminKeys.lookups, 'moods'],
    queryFn: ({ signal }) => getMoods(signal),
    staleTime: 5 * 60_000,
  });

export function useMoods() {
  return useQuery(moodsQueryOptions());
}
