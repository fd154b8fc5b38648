import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Playlist } from '@/lib/api/types';
import { personalKey } from '@/lib/auth';

/** GET {prefix}/get_user_playlists/ (signed in). */
export function getUserPlaylists(): Promise<Playlist[]> {
  return api('/cuviewTV/get_user_playlists', { auth: 'required' });
}

export const userPlaylistsKey = [...personalKey, 'playlists'] as const;

export const userPlaylistsQueryOptions = () => queryOptions({ queryKey: userPlaylistsKey, queryFn: getUserPlaylists });

export function useUserPlaylists(enabled = true) {
  return useQuery({ ...userPlaylistsQueryOptions(), enabled });
}
