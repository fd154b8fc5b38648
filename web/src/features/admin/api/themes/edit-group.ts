import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { GroupInfo, Position, Status } from '../../types';
import { adminKeys } from '../keys';

/** revision: the one the form loaded; the server answers 409 when someone else saved since. */
export type GroupEdit = { title: string; status: Status; positions: Position[]; revision: number };

/** PUT edit_group/{group_id}/ {title, status, positions [{id, position}], revision}. */
export function editGroup({ id, data }: { id: number; data: GroupEdit }): Promise<GroupInfo> {
  return api('/cuviewTV/edit_group/{group_id}', {
    path: { group_id: id },
    method: 'PUT',
    body: data,
    auth: 'required',
  });
}

export function useEditGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editGroup,
    onSuccess: (group) => {
      queryClient.setQueryData(adminKeys.group(group.id), group);
      void queryClient.invalidateQueries({ queryKey: adminKeys.groups });
    },
  });
}
