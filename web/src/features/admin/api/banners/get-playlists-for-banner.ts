import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { IdTitle } from '../../types';
import { adminKeys } from '../keys';

/** GET get_playlists_for_banner/{video_id}/: editorial playlists holding the video (wizard step 2). */
export function getPlaylistsForBanner(videoId: number, signal?: AbortSignal): Promise<IdTitle[]> {
  return api('/cuviewTV/get_playlists_for_banner/{video_id}', {
    path: { video_id: videoId },
    auth: 'required',
    signal,
  });
}

export const playlistsForBannerQueryOptions = (videoId: number) =>
  queryOptions({
    queryKey: [...adminKeys.banners, 'playlists', videoId],
    queryFn: ({ signal }) => getPlaylistsForBanner(videoId, signal),
  });

export function usePlaylistsForBanner(videoId: number | null) {
  return useQuery({ ...playlistsForBannerQueryOptions(videoId ?? 0), enabled: videoId !== null });
}
