import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { RevisionMessage } from '../../types';
import { adminKeys } from '../keys';

/** DELETE delete_playlist_from_group/{group_id}/{playlist_id}/: the rest close the gap. */
export function deletePlaylistFromGroup({
  groupId,
  playlistId,
}: {
  groupId: number;
  playlistId: number;
}): Promise<RevisionMessage> {
  return api('/cuviewTV/delete_playlist_from_group/{group_id}/{playlist_id}', {
    path: { group_id: groupId, playlist_id: playlistId },
    method: 'DELETE',
    auth: 'required',
  });
}

export function useDeletePlaylistFromGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlaylistFromGroup,
    onSuccess: (_answer, { playlistId }) => {
      void queryClient.invalidateQueries({ queryKey: [...adminKeys.groups] });
      void queryClient.invalidateQueries({ queryKey: adminKeys.playlist(playlistId) });
    },
  });
}
