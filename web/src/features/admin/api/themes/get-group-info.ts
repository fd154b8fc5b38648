import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { GroupInfo } from '../../types';
import { adminKeys } from '../keys';

/** GET get_group_info/{group_id}/: one theme with its playlists in order. */
export function getGroupInfo(id: number, signal?: AbortSignal): Promise<GroupInfo> {
  return api('/cuviewTV/get_group_info/{group_id}', { path: { group_id: id }, auth: 'required', signal });
}

export const groupInfoQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminKeys.group(id),
    queryFn: ({ signal }) => getGroupInfo(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });

export function useGroupInfo(id: number) {
  return useQuery(groupInfoQueryOptions(id));
}
