import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Playlist } from '@/lib/api/types';

/** GET {prefix}/get_latest_playlists/ (public). */
export function getLatestPlaylists(): Promise<Playlist[]> {
  return api('/cuviewTV/get_latest_playlists');
}

export const latestPlaylistsQueryOptions = () =>
  queryOptions({ queryKey: ['catalogue', 'latestPlaylists'], queryFn: getLatestPlaylists });

export function useLatestPlaylists() {
  return useQuery(latestPlaylistsQueryOptions());
}
