import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { IdTitle } from '../../types';
import { adminKeys } from '../keys';

/** POST playlist_search_suggestions/{query}/: up to 10 playlist titles. */
export function getPlaylistSuggestions(query: string, signal?: AbortSignal): Promise<IdTitle[]> {
  return api('/cuviewTV/playlist_search_suggestions/{query}', {
    path: { query: query.trim() },
    method: 'POST',
    auth: 'required',
    signal,
  });
}

export const playlistSuggestionsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: [...adminKeys.playlists, 'suggestions', query.trim()],
    queryFn: ({ signal }) => getPlaylistSuggestions(query, signal),
    enabled: query.trim() !== '',
  });

export function usePlaylistSuggestions(query: string) {
  return useQuery(playlistSuggestionsQueryOptions(query));
}
