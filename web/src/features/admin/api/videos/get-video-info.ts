import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { PROCESSING_POLL_MS } from '../../messages';
import type { VideoInfo } from '../../types';
import { adminKeys } from '../keys';

/** GET get_video_info/{video_id}/: the video with tracks, playlists and processing state. */
export function getVideoInfo(id: number, signal?: AbortSignal): Promise<VideoInfo> {
  return api('/cuviewTV/get_video_info/{video_id}', { path: { video_id: id }, auth: 'required', signal });
}

export function isProcessing(video: Pick<VideoInfo, 'processing_state'> | undefined): boolean {
  return video?.processing_state === 'queued' || video?.processing_state === 'processing';
}

export const videoInfoQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminKeys.video(id),
    queryFn: ({ signal }) => getVideoInfo(id, signal),
    // Polled while the worker transcodes it, so the progress bar moves and the player appears.
    refetchInterval: (query) => (isProcessing(query.state.data) ? PROCESSING_POLL_MS : false),
    enabled: Number.isInteger(id) && id > 0,
  });

export function useVideoInfo(id: number) {
  return useQuery(videoInfoQueryOptions(id));
}
