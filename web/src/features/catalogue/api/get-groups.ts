import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { toList } from '@/lib/api/normalise';
import type { Group } from '@/lib/api/types';

/** GET {prefix}/get_groups/ (public). */
export async function getGroups(): Promise<Group[]> {
  return toList<Group>(await api<unknown>('get_groups/'));
}

export const groupsQueryOptions = () => queryOptions({ queryKey: ['catalogue', 'groups'], queryFn: getGroups });

export function useGroups() {
  return useQuery(groupsQueryOptions());
}
