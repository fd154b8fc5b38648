import { api } from '@/lib/api/client';
import type { IdTitle } from '../../types';
import { queryText } from '../keys';
import { usePagedLookup, type PagedFetcher } from './paged-lookup';

/**
 * GET get_tags_for_admin_filter/{query}/{page}/[?category_id=]: tags matching, 20 per page.
 * With a category id the API leaves out the tags that category already has (spec §2).
 */
export function getTags(query: string, page: number, signal?: AbortSignal, categoryId?: number): Promise<IdTitle[]> {
  return api('/cuviewTV/get_tags_for_admin_filter/{query}/{page}', {
    path: { query: queryText(query), page },
    query: { category_id: categoryId || undefined },
    auth: 'required',
    signal,
  });
}

export function useTags(query: string, enabled: boolean, categoryId?: number) {
  const fetcher: PagedFetcher = (q, page, signal) => getTags(q, page, signal, categoryId);
  return usePagedLookup('tags', fetcher, query, enabled, categoryId ?? null);
}
