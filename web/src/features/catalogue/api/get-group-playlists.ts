import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { toList } from '@/lib/api/normalise';
import type { Id, Playlist } from '@/lib/api/types';

/** GET {prefix}/get_group_playlists/{groupId}/ (public). */
export async function getGroupPlaylists(groupId: Id): Promise<Playlist[]> {
  return toList<Playlist>(await api<unknown>(`get_group_playlists/${groupId}/`), 'playlists');
}

export const groupPlaylistsQueryOptions = (groupId: Id) =>
  queryOptions({ queryKey: ['catalogue', 'groupPlaylists', groupId], queryFn: () => getGroupPlaylists(groupId) });

export function useGroupPlaylists(groupId: Id) {
  return useQuery(groupPlaylistsQueryOptions(groupId));
}
