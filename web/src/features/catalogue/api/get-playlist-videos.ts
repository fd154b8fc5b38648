import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Id, PlaylistDetail } from '@/lib/api/types';
import { playlistVideosKey } from '@/lib/playlist-keys';

/** GET {prefix}/get_playlist_videos/{playlistId}/ (public): reads videos, id, title, user_id. */
export async function getPlaylistVideos(playlistId: Id): Promise<PlaylistDetail> {
  const answer = await api('/cuviewTV/get_playlist_videos/{playlistId}', { path: { playlistId } });
  return { ...answer, videos: answer.videos ?? [] };
}

export const playlistVideosQueryOptions = (playlistId: Id) =>
  queryOptions({ queryKey: playlistVideosKey(playlistId), queryFn: () => getPlaylistVideos(playlistId) });

export function usePlaylistVideos(playlistId: Id) {
  return useQuery(playlistVideosQueryOptions(playlistId));
}
