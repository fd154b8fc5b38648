import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { PlaylistInfo, Position, Status } from '../../types';
import { adminKeys } from '../keys';

/** revision: the one the form loaded; the server answers 409 when someone else saved since. */
export type PlaylistEdit = { title: string; status: Status; positions: Position[]; revision: number };

/** PUT edit_playlist_for_admin/{playlist_id}/ {title, status, positions, revision}. */
export function editPlaylist({ id, data }: { id: number; data: PlaylistEdit }): Promise<PlaylistInfo> {
  return api('/cuviewTV/edit_playlist_for_admin/{playlist_id}', {
    path: { playlist_id: id },
    method: 'PUT',
    body: data,
    auth: 'required',
  });
}

export function useEditPlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editPlaylist,
    onSuccess: (playlist) => {
      queryClient.setQueryData(adminKeys.playlist(playlist.id), playlist);
      void queryClient.invalidateQueries({ queryKey: adminKeys.playlists });
      void queryClient.invalidateQueries({ queryKey: adminKeys.groups });
    },
  });
}
