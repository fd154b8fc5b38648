import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Group } from '../../types';
import { groupsQueryOptions } from './get-groups';

/** GET arrange_groups/{from_position}/{to_position}/: move semantics; answers the new order. */
export function arrangeGroups({ from, to }: { from: number; to: number }): Promise<Group[]> {
  return api('/cuviewTV/arrange_groups/{from_position}/{to_position}', {
    path: { from_position: from, to_position: to },
    auth: 'required',
  });
}

export function useArrangeGroups() {
  const queryClient = useQueryClient();
  const key = groupsQueryOptions().queryKey;
  return useMutation({
    mutationFn: arrangeGroups,
    onSuccess: (groups) => queryClient.setQueryData(key, groups),
    // The optimistic order is wrong now: take the server's again.
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
