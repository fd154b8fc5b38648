import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema.gen';
import type { Message } from '../../types';
import { adminKeys, formData } from '../keys';

export type VideoSubtitle = components['schemas']['AdminSubtitleDto'];

const subtitlesKey = (videoId: number) => [...adminKeys.video(videoId), 'subtitles'] as const;

/** GET get_video_subtitles/{video_id}/: the video's subtitle files, one per language. */
export function getVideoSubtitles(videoId: number, signal?: AbortSignal): Promise<VideoSubtitle[]> {
  return api('/cuviewTV/get_video_subtitles/{video_id}', { path: { video_id: videoId }, auth: 'required', signal });
}

export const videoSubtitlesQueryOptions = (videoId: number) =>
  queryOptions({
    queryKey: subtitlesKey(videoId),
    queryFn: ({ signal }) => getVideoSubtitles(videoId, signal),
  });

export function useVideoSubtitles(videoId: number) {
  return useQuery(videoSubtitlesQueryOptions(videoId));
}

export type SubtitleUpload = { videoId: number; file: File; language: string; label: string };

/** POST upload_video_subtitles/{video_id}/: multipart `file`, `language`, `label`; replaces that language. */
export function uploadVideoSubtitles({ videoId, file, language, label }: SubtitleUpload): Promise<VideoSubtitle> {
  return api('/cuviewTV/upload_video_subtitles/{video_id}', {
    path: { video_id: videoId },
    method: 'POST',
    body: formData({ file, language, label: label || null }),
    auth: 'required',
  });
}

/** DELETE delete_video_subtitles/{video_id}/{language}/. */
export function deleteVideoSubtitles({ videoId, language }: { videoId: number; language: string }): Promise<Message> {
  return api('/cuviewTV/delete_video_subtitles/{video_id}/{language}', {
    path: { video_id: videoId, language },
    method: 'DELETE',
    auth: 'required',
  });
}

export function useUploadVideoSubtitles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadVideoSubtitles,
    onSuccess: (_answer, { videoId }) => void queryClient.invalidateQueries({ queryKey: subtitlesKey(videoId) }),
  });
}

export function useDeleteVideoSubtitles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideoSubtitles,
    onSuccess: (_answer, { videoId }) => void queryClient.invalidateQueries({ queryKey: subtitlesKey(videoId) }),
  });
}
