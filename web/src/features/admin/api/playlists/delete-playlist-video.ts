import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { RevisionMessage } from '../../types';
import { adminKeys } from '../keys';

/** DELETE delete_playlist_video_for_admin/{video_id}/{playlist_id}/: the rest close the gap. */
export function deletePlaylistVideo({
  videoId,
  playlistId,
}: {
  videoId: number;
  playlistId: number;
}): Promise<RevisionMessage> {
  return api('/cuviewTV/delete_playlist_video_for_admin/{video_id}/{playlist_id}', {
    path: { video_id: videoId, playlist_id: playlistId },
    method: 'DELETE',
    auth: 'required',
  });
}

export function useDeletePlaylistVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlaylistVideo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.playlists }),
  });
}
