import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Banner } from '../../types';
import { adminKeys } from '../keys';

/** GET get_banner_videos/: every banner in order, those with access off included. */
export function getBannerVideos(signal?: AbortSignal): Promise<Banner[]> {
  return api('/cuviewTV/get_banner_videos', { auth: 'required', signal });
}

export const bannerVideosQueryOptions = () =>
  queryOptions({ queryKey: [...adminKeys.banners, 'list'], queryFn: ({ signal }) => getBannerVideos(signal) });

export function useBannerVideos() {
  return useQuery(bannerVideosQueryOptions());
}
