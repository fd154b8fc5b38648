import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { PlaylistInfo } from '../../types';
import { adminKeys } from '../keys';

/** POST add_playlist_video_for_admin/{playlist_id}/ {video_list}: appends videos in this order. */
export function addPlaylistVideos({
  playlistId,
  videoIds,
}: {
  playlistId: number;
  videoIds: number[];
}): Promise<PlaylistInfo> {
  return api('/cuviewTV/add_playlist_video_for_admin/{playlist_id}', {
    path: { playlist_id: playlistId },
    method: 'POST',
    body: { video_list: videoIds },
    auth: 'required',
  });
}

export function useAddPlaylistVideos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPlaylistVideos,
    onSuccess: (playlist) => {
      queryClient.setQueryData(adminKeys.playlist(playlist.id), playlist);
      void queryClient.invalidateQueries({ queryKey: adminKeys.playlists });
    },
  });
}
