import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { IdTitle } from '../../types';
import { adminKeys } from '../keys';

/** GET get_themes_for_banner/{playlist_id}/: themes holding the playlist (wizard step 3). */
export function getThemesForBanner(playlistId: number, signal?: AbortSignal): Promise<IdTitle[]> {
  return api('/cuviewTV/get_themes_for_banner/{playlist_id}', {
    path: { playlist_id: playlistId },
    auth: 'required',
    signal,
  });
}

export const themesForBannerQueryOptions = (playlistId: number) =>
  queryOptions({
    queryKey: [...adminKeys.banners, 'themes', playlistId],
    queryFn: ({ signal }) => getThemesForBanner(playlistId, signal),
  });

export function useThemesForBanner(playlistId: number | null) {
  return useQuery({ ...themesForBannerQueryOptions(playlistId ?? 0), enabled: playlistId !== null });
}
