import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Playlist } from '@/lib/api/types';
import { personalKey, useUser } from '@/lib/auth';

/**
 * POST {prefix}/get_search_playlists/{query}/ (empty body, public): editorial playlists whose
 * title matches, and the caller's own when a token is sent.
 */
export function getSearchPlaylists(query: string, signal?: AbortSignal): Promise<Playlist[]> {
  return api('/cuviewTV/get_search_playlists/{query}', { path: { query }, method: 'POST', auth: 'optional', signal });
}

/**
 * A signed-in person's answer holds their own playlists, so it is kept under personalKey and
 * dropped when they sign out or someone else signs in.
 */
export const searchPlaylistsQueryOptions = (query: string, signedIn: boolean) =>
  queryOptions({
    queryKey: signedIn ? [...personalKey, 'search', 'playlists', query] : ['search', 'playlists', query],
    queryFn: ({ signal }) => getSearchPlaylists(query, signal),
    enabled: query.trim() !== '',
  });

/** Waits for the session, so the first answer already holds the person's own playlists. */
export function useSearchPlaylists(query: string) {
  const user = useUser();
  const options = searchPlaylistsQueryOptions(query, Boolean(user.data));
  return useQuery({ ...options, enabled: options.enabled !== false && !user.isPending });
}
