import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { toList } from '@/lib/api/normalise';
import type { BannerVideo } from '@/lib/api/types';

/** GET {prefix}/get_videos_for_banner/ (public). */
export async function getBannerVideos(): Promise<BannerVideo[]> {
  return toList<BannerVideo>(await api<unknown>('get_videos_for_banner/'));
}

export const bannerVideosQueryOptions = () =>
  queryOptions({ queryKey: ['catalogue', 'bannerVideos'], queryFn: getBannerVideos });

export function useBannerVideos() {
  return useQuery(bannerVideosQueryOptions());
}
