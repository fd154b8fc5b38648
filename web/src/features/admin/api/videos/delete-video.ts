import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Message } from '../../types';
import { adminKeys } from '../keys';

/**
 * DELETE delete_video/{video_id}/{bunny_id}/. The second id named the video at the old CDN;
 * the API ignores it, so the video id is sent again.
 */
export function deleteVideo(id: number): Promise<Message> {
  return api('/cuviewTV/delete_video/{video_id}/{bunny_id}', {
    path: { video_id: id, bunny_id: String(id) },
    method: 'DELETE',
    auth: 'required',
  });
}

export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideo,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: adminKeys.video(id) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.videos });
      void queryClient.invalidateQueries({ queryKey: adminKeys.playlists });
    },
  });
}
