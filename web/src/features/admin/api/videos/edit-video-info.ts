import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Status, VideoInfo } from '../../types';
import { adminKeys, formData } from '../keys';

export type VideoEdit = {
  title: string;
  description: string;
  yt_link: string;
  genres: number[];
  moods: number[];
  videogenres: number[];
  tags: number[];
  status: Status;
  /** The one the form loaded; the server answers 409 when someone else saved since. */
  revision: number;
};

/** PUT edit_video_info/{video_id}/: multipart `data` (JSON) and an optional `file`; tracks are read-only. */
export function editVideoInfo({ id, data }: { id: number; data: VideoEdit }): Promise<VideoInfo> {
  return api('/cuviewTV/edit_video_info/{video_id}', {
    path: { video_id: id },
    method: 'PUT',
    body: formData({ data: JSON.stringify(data) }),
    auth: 'required',
  });
}

export function useEditVideoInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editVideoInfo,
    onSuccess: (video) => {
      queryClient.setQueryData(adminKeys.video(video.id), video);
      void queryClient.invalidateQueries({ queryKey: adminKeys.videos });
    },
  });
}
