import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { PlaylistList } from '../../types';
import { adminKeys, queryText } from '../keys';

/**
 * The admin playlist list, 10 per page, answered as {playlists, playlistLength}:
 *   GET get_playlists_for_admin/{page}/             (no search text)
 *   GET get_playlists_search_results/{query}/{page}/ (search mode)
 */
export function getPlaylists(query: string, page: number, signal?: AbortSignal): Promise<PlaylistList> {
  return query.trim()
    ? api('/cuviewTV/get_playlists_search_results/{query}/{page}', {
        path: { query: queryText(query), page },
        auth: 'required',
        signal,
      })
    : api('/cuviewTV/get_playlists_for_admin/{page}', { path: { page }, auth: 'required', signal });
}

export const playlistsQueryOptions = (query: string, page: number) =>
  queryOptions({
    queryKey: [...adminKeys.playlists, 'list', query.trim(), page],
    queryFn: ({ signal }) => getPlaylists(query, page, signal),
    placeholderData: keepPreviousData,
  });

export function usePlaylists(query: string, page: number, enabled = true) {
  return useQuery({ ...playlistsQueryOptions(query, page), enabled });
}
