import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { BannerVideo } from '@/lib/api/types';

/** GET {prefix}/get_videos_for_banner/ (public). */
export function getBannerVideos(): Promise<BannerVideo[]> {
  return api('/cuviewTV/get_videos_for_banner');
}

export const bannerVideosQueryOptions = () =>
  queryOptions({ queryKey: ['catalogue', 'bannerVideos'], queryFn: getBannerVideos });

export function useBannerVideos() {
  return useQuery(bannerVideosQueryOptions());
}
