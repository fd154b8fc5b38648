import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
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

/** The JSON island the api writes into the HTML of `/` (apps/api/src/web/web-app.ts). */
export const LANDING_BANNERS_ID = 'landing-banners';

/**
 * Puts the banners the api wrote into the landing page's HTML into the query cache, so the
 * hero paints with the first render instead of after a round trip. Read once, at start-up.
 */
export function seedBannersFromPage(queryClient: QueryClient, doc: Document = document): void {
  const island = doc.getElementById(LANDING_BANNERS_ID);
  if (!island) return;
  island.remove();
  let banners: unknown;
  try {
    banners = JSON.parse(island.textContent ?? '');
  } catch {
    return; // Unreadable: the hero asks the api as on any other page.
  }
  if (Array.isArray(banners)) queryClient.setQueryData(bannerVideosQueryOptions().queryKey, banners as BannerVideo[]);
}
