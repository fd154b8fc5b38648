import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { SearchSuggestion } from '@/lib/api/types';

/** POST {prefix}/get_search_suggestions/{query}/ (empty body, public). */
export function getSearchSuggestions(query: string, signal?: AbortSignal): Promise<SearchSuggestion[]> {
  return api('/cuviewTV/get_search_suggestions/{query}', { path: { query }, method: 'POST', signal });
}

export const searchSuggestionsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['search', 'suggestions', query],
    queryFn: ({ signal }) => getSearchSuggestions(query, signal),
    enabled: query.trim() !== '',
  });

export function useSearchSuggestions(query: string) {
  return useQuery(searchSuggestionsQueryOptions(query));
}
