import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Group } from '../../types';
import { adminKeys } from '../keys';

/** GET get_groups_for_admin/: every theme in order with its number of playlists. */
export function getGroups(signal?: AbortSignal): Promise<Group[]> {
  return api('/cuviewTV/get_groups_for_admin', { auth: 'required', signal });
}

export const groupsQueryOptions = () =>
  queryOptions({ queryKey: [...adminKeys.groups, 'list'], queryFn: ({ signal }) => getGroups(signal) });

export function useGroups(enabled = true) {
  return useQuery({ ...groupsQueryOptions(), enabled });
}
