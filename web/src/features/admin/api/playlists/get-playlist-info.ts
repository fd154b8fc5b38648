import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { PlaylistInfo } from '../../types';
import { adminKeys } from '../keys';

/** GET get_playlist_info/{playlist_id}/: the playlist with its videos in order and its themes. */
export function getPlaylistInfo(id: number, signal?: AbortSignal): Promise<PlaylistInfo> {
  return api('/cuviewTV/get_playlist_info/{playlist_id}', { path: { playlist_id: id }, auth: 'required', signal });
}

export const playlistInfoQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminKeys.playlist(id),
    queryFn: ({ signal }) => getPlaylistInfo(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });

export function usePlaylistInfo(id: number) {
  return useQuery(playlistInfoQueryOptions(id));
}
