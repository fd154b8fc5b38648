import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Message } from '../../types';
import { adminKeys } from '../keys';

/** DELETE delete_playlist_for_admin/{playlist_id}/. */
export function deletePlaylist(id: number): Promise<Message> {
  return api('/cuviewTV/delete_playlist_for_admin/{playlist_id}', {
    path: { playlist_id: id },
    method: 'DELETE',
    auth: 'required',
  });
}

export function useDeletePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlaylist,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: adminKeys.playlist(id) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.playlists });
      void queryClient.invalidateQueries({ queryKey: adminKeys.groups });
      void queryClient.invalidateQueries({ queryKey: adminKeys.banners });
    },
  });
}
