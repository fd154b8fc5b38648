import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Video } from '@/lib/api/types';

/** GET {prefix}/get_essential_classics/ (public): reads `videos`. */
export async function getEssentialClassics(): Promise<Video[]> {
  return (await api('/cuviewTV/get_essential_classics')).videos;
}

export const essentialClassicsQueryOptions = () =>
  queryOptions({ queryKey: ['catalogue', 'essentialClassics'], queryFn: getEssentialClassics });

export function useEssentialClassics() {
  return useQuery(essentialClassicsQueryOptions());
}
