import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { AlbumList } from '../../types';
import { adminKeys, queryText } from '../keys';

/** GET get_albums_for_admin_filter/{query}/{page}/: albums by title or catalogue number, 10 per page. */
export function getAlbums(query: string, page: number, signal?: AbortSignal): Promise<AlbumList> {
  return api('/cuviewTV/get_albums_for_admin_filter/{query}/{page}', {
    path: { query: queryText(query), page },
    auth: 'required',
    signal,
  });
}

export const albumsQueryOptions = (query: string, page: number) =>
  queryOptions({
    queryKey: [...adminKeys.lookups, 'albums', query.trim(), page],
    queryFn: ({ signal }) => getAlbums(query, page, signal),
    placeholderData: keepPreviousData,
  });

export function useAlbums(query: string, page: number, enabled: boolean) {
  return useQuery({ ...albumsQueryOptions(query, page), enabled });
}
