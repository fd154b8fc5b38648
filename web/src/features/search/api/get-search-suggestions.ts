import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, seg } from '@/lib/api/client';
import { toList } from '@/lib/api/normalise';
import type { SearchSuggestion } from '@/lib/api/types';

/** POST {prefix}/get_search_suggestions/{query}/ (empty body, public). */
export async function getSearchSuggestions(query: string, signal?: AbortSignal): Promise<SearchSuggestion[]> {
  return toList<SearchSuggestion>(
    await api<unknown>(`get_search_suggestions/${seg(query)}/`, { method: 'POST', signal }),
    'suggestions',
  );
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
