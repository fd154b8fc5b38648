import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Id, Playlist } from '@/lib/api/types';

/** GET {prefix}/get_group_playlists/{groupId}/ (public). */
export async function getGroupPlaylists(groupId: Id): Promise<Playlist[]> {
  return (await api('/cuviewTV/get_group_playlists/{groupId}', { path: { groupId } })).playlists;
}

export const groupPlaylistsQueryOptions = (groupId: Id) =>
  queryOptions({ queryKey: ['catalogue', 'groupPlaylists', groupId], queryFn: () => getGroupPlaylists(groupId) });

export function useGroupPlaylists(groupId: Id) {
  return useQuery(groupPlaylistsQueryOptions(groupId));
}
