import { api } from '@/lib/api/client';
import type { IdTitle } from '../../types';
import { queryText } from '../keys';
import { usePagedLookup } from './paged-lookup';

/** GET get_videogenres_for_admin_filter/{query}/{page}/: video genres matching, 20 per page. */
export function getVideoGenres(query: string, page: number, signal?: AbortSignal): Promise<IdTitle[]> {
  return api('/cuviewTV/get_videogenres_for_admin_filter/{query}/{page}', {
    path: { query: queryText(query), page },
    auth: 'required',
    signal,
  });
}

export function useVideoGenres(query: string, enabled: boolean) {
  return usePagedLookup('videogenres', getVideoGenres, query, enabled);
}
