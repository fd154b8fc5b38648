import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { FilterKind } from '@/lib/api/types';
import { PROCESSING_POLL_MS } from '../../messages';
import type { VideoList } from '../../types';
import { adminKeys, queryText } from '../keys';

/**
 * The admin video list in its four modes (spec §2): normal, inactive, search and filter.
 * Each mode is its own endpoint with the same answer {videos, videoLength}, 10 per page:
 *   GET  get_videos_for_admin/{page}/
 *   GET  get_videos_off/{page}/
 *   GET  get_search_results_for_admin/{query}/{page}/
 *   POST get_filter_results_for_admin/{page}/  {data: [{id, kind}]}
 */
export type VideoListMode =
  | { kind: 'normal' }
  | { kind: 'inactive' }
  | { kind: 'search'; query: string }
  | { kind: 'filter'; entries: Array<{ id: number; kind: FilterKind }> };

export function getVideos(mode: VideoListMode, page: number, signal?: AbortSignal): Promise<VideoList> {
  const auth = 'required' as const;
  switch (mode.kind) {
    case 'normal':
      return api('/cuviewTV/get_videos_for_admin/{page}', { path: { page }, auth, signal });
    case 'inactive':
      return api('/cuviewTV/get_videos_off/{page}', { path: { page }, auth, signal });
    case 'search':
      return api('/cuviewTV/get_search_results_for_admin/{query}/{page}', {
        path: { query: queryText(mode.query), page },
        auth,
        signal,
      });
    case 'filter':
      return api('/cuviewTV/get_filter_results_for_admin/{page}', {
        path: { page },
        method: 'POST',
        body: { data: mode.entries },
        auth,
        signal,
      });
  }
}

const busy = (list: VideoList | undefined) =>
  list?.videos.some((v) => v.processing_state === 'queued' || v.processing_state === 'processing') ?? false;

export const videosQueryOptions = (mode: VideoListMode, page: number) =>
  queryOptions({
    queryKey: [...adminKeys.videos, mode, page],
    queryFn: ({ signal }) => getVideos(mode, page, signal),
    placeholderData: keepPreviousData,
    // While a video on the page is being processed, its state and progress are kept fresh.
    refetchInterval: (query) => (busy(query.state.data) ? PROCESSING_POLL_MS : false),
  });

export function useVideos(mode: VideoListMode, page: number) {
  return useQuery(videosQueryOptions(mode, page));
}
