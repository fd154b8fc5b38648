import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { IdTitle } from '../../types';
import { adminKeys } from '../keys';

/** POST video_search_suggestions/{query}/: up to 10 titles for the admin search box. */
export function getVideoSuggestions(query: string, signal?: AbortSignal): Promise<IdTitle[]> {
  return api('/cuviewTV/video_search_suggestions/{query}', {
    path: { query: query.trim() },
    method: 'POST',
    auth: 'required',
    signal,
  });
}

export const videoSuggestionsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: [...adminKeys.videos, 'suggestions', query.trim()],
    queryFn: ({ signal }) => getVideoSuggestions(query, signal),
    enabled: query.trim() !== '',
  });

export function useVideoSuggestions(query: string) {
  return useQuery(videoSuggestionsQueryOptions(query));
}
