import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { components, paths } from '@/lib/api/schema.gen';
import type { Banner } from '../../types';
import { useArrange } from '../arrange';
import { adminKeys } from '../keys';
import { arrangeBannerVideos } from './arrange-banner-videos';

export type BannerPageQuery = NonNullable<paths['/cuviewTV/admin/banners']['get']['parameters']['query']>;
export type BannerPage = components['schemas']['AdminBannerPageDto'];

/** GET admin/banners/: a page of the banners, in hand order unless sorted, with bannerLength. */
export function browseBanners(query: BannerPageQuery, signal?: AbortSignal): Promise<BannerPage> {
  return api('/cuviewTV/admin/banners', { query, auth: 'required', signal });
}

export const bannerPageQueryOptions = (query: BannerPageQuery) =>
  queryOptions({
    queryKey: [...adminKeys.banners, 'browse', query],
    queryFn: ({ signal }) => browseBanners(query, signal),
    placeholderData: keepPreviousData,
  });

export function useBannerPage(query: BannerPageQuery) {
  return useQuery(bannerPageQueryOptions(query));
}

/** Dragging on a page of the hand order: saved at once through arrange_banner_videos. */
export function useArrangeBannerPage(query: BannerPageQuery) {
  return useArrange<Banner, BannerPage>(bannerPageQueryOptions(query).queryKey, arrangeBannerVideos, {
    withItems: (page, banners) => ({ ...page, banners }),
    refresh: adminKeys.banners,
  });
}
