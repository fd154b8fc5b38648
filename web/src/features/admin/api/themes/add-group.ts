import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { GroupInfo } from '../../types';
import { adminKeys } from '../keys';

/** POST add_group/ {title}: a new theme at the end of the list. */
export function addGroup(title: string): Promise<GroupInfo> {
  return api('/cuviewTV/add_group', { method: 'POST', body: { title }, auth: 'required' });
}

export function useAddGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.groups }),
  });
}
