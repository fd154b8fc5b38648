import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Banner } from '../../types';
import { bannerVideosQueryOptions } from './get-banner-videos';

/** GET arrange_banner_videos/{from_position}/{to_position}/: move semantics; answers the new order. */
export function arrangeBannerVideos({ from, to }: { from: number; to: number }): Promise<Banner[]> {
  return api('/cuviewTV/arrange_banner_videos/{from_position}/{to_position}', {
    path: { from_position: from, to_position: to },
    auth: 'required',
  });
}

export function useArrangeBannerVideos() {
  const queryClient = useQueryClient();
  const key = bannerVideosQueryOptions().queryKey;
  return useMutation({
    mutationFn: arrangeBannerVideos,
    onSuccess: (banners) => queryClient.setQueryData(key, banners),
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
