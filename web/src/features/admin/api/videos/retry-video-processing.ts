import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { VideoInfo } from '../../types';
import { adminKeys } from '../keys';

/** POST retry_video_processing/{video_id}/: queue a failed transcode again (not in the spec). */
export function retryVideoProcessing(id: number): Promise<VideoInfo> {
  return api('/cuviewTV/retry_video_processing/{video_id}', {
    path: { video_id: id },
    method: 'POST',
    auth: 'required',
  });
}

export function useRetryVideoProcessing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryVideoProcessing,
    onSuccess: (video) => {
      queryClient.setQueryData(adminKeys.video(video.id), video);
      void queryClient.invalidateQueries({ queryKey: adminKeys.videos });
    },
  });
}
