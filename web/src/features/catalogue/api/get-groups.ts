import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Group } from '@/lib/api/types';

/** GET {prefix}/get_groups/ (public). */
export function getGroups(): Promise<Group[]> {
  return api('/cuviewTV/get_groups');
}

export const groupsQueryOptions = () => queryOptions({ queryKey: ['catalogue', 'groups'], queryFn: getGroups });

export function useGroups() {
  return useQuery(groupsQueryOptions());
}
