import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { VideoInfo } from '../../types';
import { adminKeys, formData } from '../keys';

/** PUT edit_video_thumbnail/{video_id}/: multipart `file` (JPEG or PNG). */
export function editVideoThumbnail({ id, file }: { id: number; file: File }): Promise<VideoInfo> {
  return api('/cuviewTV/edit_video_thumbnail/{video_id}', {
    path: { video_id: id },
    method: 'PUT',
    body: formData({ file }),
    auth: 'required',
  });
}

export function useEditVideoThumbnail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editVideoThumbnail,
    onSuccess: (video) => {
      queryClient.setQueryData(adminKeys.video(video.id), video);
      void queryClient.invalidateQueries({ queryKey: adminKeys.videos });
    },
  });
}
