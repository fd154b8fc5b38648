import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { paths } from '@/lib/api/schema.gen';
import type { PlaylistList } from '../../types';
import { adminKeys } from '../keys';

export type PlaylistPageQuery = NonNullable<paths['/cuviewTV/admin/playlists']['get']['parameters']['query']>;

/** GET admin/playlists/: a page of the sortable, filterable playlist list with playlistLength. */
export function browsePlaylists(query: PlaylistPageQuery, signal?: AbortSignal): Promise<PlaylistList> {
  return api('/cuviewTV/admin/playlists', { query, auth: 'required', signal });
}

export const playlistPageQueryOptions = (query: PlaylistPageQuery) =>
  queryOptions({
    queryKey: [...adminKeys.playlists, 'browse', query],
    queryFn: ({ signal }) => browsePlaylists(query, signal),
    placeholderData: keepPreviousData,
  });

export function usePlaylistPage(query: PlaylistPageQuery) {
  return useQuery(playlistPageQueryOptions(query));
}
