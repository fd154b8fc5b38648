import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Id, Video } from '@/lib/api/types';

/** GET {prefix}/get_video/{videoId}/ (public). */
export function getVideo(videoId: Id): Promise<Video> {
  return api('/cuviewTV/get_video/{videoId}', { path: { videoId } });
}

export const videoQueryOptions = (videoId: Id) =>
  queryOptions({ queryKey: ['catalogue', 'video', videoId], queryFn: () => getVideo(videoId) });

export function useVideo(videoId: Id | null) {
  return useQuery({ ...videoQueryOptions(videoId ?? 0), enabled: videoId !== null });
}
