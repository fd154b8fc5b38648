import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { adminKeys } from '../keys';

export type GroupMembership = { message: string; group_id: number; playlist_id: number; position: number };

/** GET add_playlist_to_group/{group_id}/{playlist_id}/ (a GET, as the spec has it). */
export function addPlaylistToGroup({ groupId, playlistId }: { groupId: number; playlistId: number }) {
  return api<GroupMembership>(`add_playlist_to_group/${groupId}/${playlistId}/`, { auth: 'required' });
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
