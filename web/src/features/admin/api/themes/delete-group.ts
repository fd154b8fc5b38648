import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Message } from '../../types';
import { adminKeys } from '../keys';

/** DELETE delete_group/{group_id}/: its banners go too; the others close the gap. */
export function deleteGroup(id: number): Promise<Message> {
  return api('/cuviewTV/delete_group/{group_id}', { path: { group_id: id }, method: 'DELETE', auth: 'required' });
}

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: adminKeys.group(id) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.groups });
      void queryClient.invalidateQueries({ queryKey: adminKeys.banners });
    },
  });
}
