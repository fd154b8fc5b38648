import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Id } from '@/lib/api/types';
import { personalKey } from '@/lib/auth';
import { customPlaylistKey } from './get-custom-playlist';

export type AddPlaylistVideoInput = { playlistId: Id; videoIds: Id[] };

/** POST {prefix}/add_playlist_video/{playlistId}/ {video_list}. */
export function addPlaylistVideo({ playlistId, videoIds }: AddPlaylistVideoInput): Promise<unknown> {
  return api('/cuviewTV/add_playlist_video/{playlistId}', {
    path: { playlistId },
    method: 'POST',
    body: { video_list: videoIds },
    auth: 'required',
  });
}

export function useAddPlaylistVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPlaylistVideo,
    onSuccess: (_answer, { playlistId }) => {
      void queryClient.invalidateQueries({ queryKey: personalKey });
      void queryClient.invalidateQueries({ queryKey: customPlaylistKey(playlistId) });
    },
  });
}
