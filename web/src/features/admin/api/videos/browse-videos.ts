import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { paths } from '@/lib/api/schema.gen';
import { PROCESSING_POLL_MS } from '../../messages';
import type { VideoList } from '../../types';
import { adminKeys } from '../keys';

/** The query of GET admin/videos/: sort, order, page, page_size and the filters. */
export type VideoPageQuery = NonNullable<paths['/cuviewTV/admin/videos']['get']['parameters']['query']>;

/** GET admin/videos/: a page of the sortable, filterable video list with videoLength. */
export function browseVideos(query: VideoPageQuery, signal?: AbortSignal): Promise<VideoList> {
  return api('/cuviewTV/admin/videos', { query, auth: 'required', signal });
}

const busy = (list: VideoList | undefined) =>
  list?.videos.some((v) => v.processing_state === 'queued' || v.processing_state === 'processing') ?? false;

export const videoPageQueryOptions = (query: VideoPageQuery) =>
  queryOptions({
    queryKey: [...adminKeys.videos, 'browse', query],
    queryFn: ({ signal }) => browseVideos(query, signal),
    placeholderData: keepPreviousData,
    // While a video on the page is being processed, its state and progress are kept fresh.
    refetchInterval: (q) => (busy(q.state.data) ? PROCESSING_POLL_MS : false),
  });

export function useVideoPage(query: VideoPageQuery) {
  return useQuery(videoPageQueryOptions(query));
}
