import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { toFilterData, type FilterEntry } from '@/lib/api/types';

/** A filter's number of videos; `atLeast` when the api stopped counting there ("1,000+"). */
export interface FilterCount {
  count: number;
  atLeast: boolean;
}

/** POST {prefix}/get_videos_length_for_filter/ {data}: answers videoLength (sent with auth). */
export async function getVideosLengthForFilter(filters: FilterEntry[]): Promise<FilterCount> {
  const answer = await api('/cuviewTV/get_videos_length_for_filter', {
    method: 'POST',
    body: toFilterData(filters),
    auth: 'optional',
  });
  return { count: answer?.videoLength ?? 0, atLeast: answer?.videoLengthEstimated === true };
}

export const videosLengthForFilterQueryOptions = (filters: FilterEntry[]) =>
  queryOptions({
    queryKey: ['search', 'videoLength', filters.map((f) => `${f.id}!${f.kind}`).join('|')],
    queryFn: () => getVideosLengthForFilter(filters),
    enabled: filters.length > 0,
  });

export function useVideosLengthForFilter(filters: FilterEntry[]) {
  return useQuery(videosLengthForFilterQueryOptions(filters));
}
