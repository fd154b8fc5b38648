import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Id } from '@/lib/api/types';
import { personalKey } from '@/lib/auth';

/** GET {prefix}/check_playlist/{videoId}/: ids of the user's playlists holding the video. */
export async function checkPlaylist(videoId: Id): Promise<Id[]> {
  return (await api('/cuviewTV/check_playlist/{videoId}', { path: { videoId }, auth: 'required' })).playlists;
}

export const checkPlaylistKey = (videoId: Id) => [...personalKey, 'check', videoId] as const;

export const checkPlaylistQueryOptions = (videoId: Id) =>
  queryOptions({ queryKey: checkPlaylistKey(videoId), queryFn: () => checkPlaylist(videoId), staleTime: 0 });

export function useCheckPlaylist(videoId: Id | null) {
  return useQuery({ ...checkPlaylistQueryOptions(videoId ?? 0), enabled: videoId !== null });
}
