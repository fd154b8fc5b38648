import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Id, VideoPage } from '@/lib/api/types';

/** GET {prefix}/get_category_videos/{categoryId}/{page}/ (public, paged). */
export function getCategoryVideos(categoryId: Id, page: number): Promise<VideoPage> {
  return api('/cuviewTV/get_category_videos/{categoryId}/{page}', { path: { categoryId, page } });
}

export const categoryVideosQueryOptions = (categoryId: Id, page: number) =>
  queryOptions({
    queryKey: ['catalogue', 'categoryVideos', categoryId, page],
    queryFn: () => getCategoryVideos(categoryId, page),
    placeholderData: keepPreviousData,
  });

export function useCategoryVideos(categoryId: Id, page: number) {
  return useQuery(categoryVideosQueryOptions(categoryId, page));
}
