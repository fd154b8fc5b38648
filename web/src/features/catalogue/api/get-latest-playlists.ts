import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { toList } from '@/lib/api/normalise';
import type { Playlist } from '@/lib/api/types';

/** GET {prefix}/get_latest_playlists/ (public). */
export async function getLatestPlaylists(): Promise<Playlist[]> {
  return toList<Playlist>(await api<unknown>('get_latest_playlists/'));
}

export const latestPlaylistsQueryOptions = () =>
  queryOptions({ queryKey: ['catalogue', 'latestPlaylists'], queryFn: getLatestPlaylists });

export function useLatestPlaylists() {
  return useQuery(latestPlaylistsQueryOptions());
}
