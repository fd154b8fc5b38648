import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Id, PlaylistDetail } from '@/lib/api/types';
import { personalKey } from '@/lib/auth';
import { customPlaylistKey } from './get-custom-playlist';

export type DeletePlaylistVideoInput = { videoId: Id; playlistId: Id };

/** DELETE {prefix}/delete_playlist_video/{videoId}/{playlistId}/. */
export function deletePlaylistVideo({ videoId, playlistId }: DeletePlaylistVideoInput): Promise<unknown> {
  return api('/cuviewTV/delete_playlist_video/{videoId}/{playlistId}', {
    path: { videoId, playlistId },
    method: 'DELETE',
    auth: 'required',
  });
}

export function useDeletePlaylistVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlaylistVideo,
    onSuccess: (_answer, { videoId, playlistId }) => {
      // Remove it from the open list at once; the refetch brings the new duration and cover.
      queryClient.setQueryData<PlaylistDetail>(customPlaylistKey(playlistId), (detail) =>
        detail ? { ...detail, videos: detail.videos.filter((v) => v.id !== videoId) } : detail,
      );
      void queryClient.invalidateQueries({ queryKey: personalKey });
      void queryClient.invalidateQueries({ queryKey: customPlaylistKey(playlistId) });
    },
  });
}
