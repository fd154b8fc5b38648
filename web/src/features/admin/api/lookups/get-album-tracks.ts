import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { AlbumTrackList } from '../../types';
import { adminKeys } from '../keys';

/** GET get_tracks_for_admin_filter/{album_id}/{page}/: an album's tracks, 10 per page. */
export function getAlbumTracks(albumId: number, page: number, signal?: AbortSignal): Promise<AlbumTrackList> {
  return api('/cuviewTV/get_tracks_for_admin_filter/{album_id}/{page}', {
    path: { album_id: albumId, page },
    auth: 'required',
    signal,
  });
}

export const albumTracksQueryOptions = (albumId: number, page: number) =>
  queryOptions({
    queryKey: [...adminKeys.lookups, 'tracks', albumId, page],
    queryFn: ({ signal }) => getAlbumTracks(albumId, page, signal),
    placeholderData: keepPreviousData,
  });

export function useAlbumTracks(albumId: number | null, page: number) {
  return useQuery({ ...albumTracksQueryOptions(albumId ?? 0, page), enabled: albumId !== null });
}
