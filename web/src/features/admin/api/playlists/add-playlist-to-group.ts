import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { GroupMembership } from '../../types';
import { adminKeys } from '../keys';

/** GET add_playlist_to_group/{group_id}/{playlist_id}/ (a GET, as the spec has it). */
export function addPlaylistToGroup({
  groupId,
  playlistId,
}: {
  groupId: number;
  playlistId: number;
}): Promise<GroupMembership> {
  return api('/cuviewTV/add_playlist_to_group/{group_id}/{playlist_id}', {
    path: { group_id: groupId, playlist_id: playlistId },
    auth: 'required',
  });
}

export function useAddPlaylistToGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPlaylistToGroup,
    onSuccess: (_answer, { playlistId }) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.groups });
      void queryClient.invalidateQueries({ queryKey: adminKeys.playlist(playlistId) });
    },
  });
}
