import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { NewTrack, Status, VideoInfo } from '../../types';
import { adminKeys, formData } from '../keys';

export type NewVideo = {
  title: string;
  description: string;
  yt_link: string;
  file_original_path_linux: string;
  duration: number;
  /** Id lists. */
  genres: number[];
  moods: number[];
  videoGenres: number[];
  tags: number[];
  tracks: NewTrack[];
  status: Status;
};

/** POST fill_video_info/: multipart `data` (JSON) and the optional thumbnail `file`; queues processing. */
export function fillVideoInfo({ data, thumbnail }: { data: NewVideo; thumbnail: File | null }): Promise<VideoInfo> {
  return api('/cuviewTV/fill_video_info', {
    method: 'POST',
    body: formData({ data: JSON.stringify(data), file: thumbnail }),
    auth: 'required',
  });
}

export function useFillVideoInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fillVideoInfo,
    onSuccess: (video) => {
      queryClient.setQueryData(adminKeys.video(video.id), video);
      void queryClient.invalidateQueries({ queryKey: adminKeys.videos });
    },
  });
}
