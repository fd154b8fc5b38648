import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Id, PlaylistDetail } from '@/lib/api/types';

/**
 * GET {prefix}/get_custom_playlist/{id}/: videos, id, title, user_id, group_id of any
 * playlist (editorial, own or another user's). The token goes along when there is one.
 */
export async function getCustomPlaylist(playlistId: Id): Promise<PlaylistDetail> {
  const answer = await api('/cuviewTV/get_custom_playlist/{id}', { path: { id: playlistId }, auth: 'optional' });
  return { ...answer, videos: [...(answer.videos ?? [])].sort((a, b) => (a.position ?? 0) - (b.position ?? 0)) };
}

export const customPlaylistKey = (playlistId: Id) => ['playlist', playlistId] as const;

export const customPlaylistQueryOptions = (playlistId: Id) =>
  queryOptions({ queryKey: customPlaylistKey(playlistId), queryFn: () => getCustomPlaylist(playlistId) });

export function useCustomPlaylist(playlistId: Id) {
  return useQuery(customPlaylistQueryOptions(playlistId));
}
