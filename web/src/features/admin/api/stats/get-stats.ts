import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Schemas } from '@/lib/api/types';

export type StatsReport = Schemas['StatsReportDto'];
export type StatsDay = Schemas['StatsDayDto'];

/** GET get_stats_for_admin/?from&to: plays, watch time, completion and searches over the period. */
export function getStats(from: string, to: string, signal?: AbortSignal): Promise<StatsReport> {
  return api('/cuviewTV/get_stats_for_admin', { query: { from, to }, auth: 'required', signal });
}

export const statsQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: ['admin', 'stats', from, to],
    queryFn: ({ signal }) => getStats(from, to, signal),
    placeholderData: keepPreviousData,
  });

export function useStats(from: string, to: string) {
  return useQuery(statsQueryOptions(from, to));
}
