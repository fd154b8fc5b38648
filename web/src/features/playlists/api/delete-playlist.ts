import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Id, NextPlaylist, Playlist } from '@/lib/api/types';
import { personalKey } from '@/lib/auth';
import { customPlaylistKey } from './get-custom-playlist';
import { userPlaylistsKey } from './get-user-playlists';

/** DELETE {prefix}/delete_playlist/{playlistId}/: answers the playlist to show next. */
export function deletePlaylist(playlistId: Id): Promise<NextPlaylist | null> {
  return api('/cuviewTV/delete_playlist/{playlistId}', { path: { playlistId }, method: 'DELETE', auth: 'required' });
}

export function useDeletePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlaylist,
    onSuccess: (next, playlistId) => {
      queryClient.setQueryData<Playlist[]>(userPlaylistsKey, (list) => list?.filter((p) => p.id !== playlistId));
      // Marked stale but not refetched: the screen showing it is about to move on, and asking
      // for a deleted playlist would only earn a 404.
      void queryClient.invalidateQueries({ queryKey: customPlaylistKey(playlistId), refetchType: 'none' });
      if (next?.id)
        queryClient.setQueryData(customPlaylistKey(next.id), { ...next, id: next.id, videos: next.videos ?? [] });
      void queryClient.invalidateQueries({ queryKey: personalKey });
    },
  });
}
