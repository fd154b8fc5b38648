import { accessStatus, dayRange, listOrderOf } from '../common/list-query.dto.js';
import type { AdminVideoFilterDto, AdminVideoListQueryDto } from './video-list.dto.js';
import type { VideoOrder, VideoQuery } from './videos.repository.js';

/** A checked list or bulk filter as the repository's query (a backwards day range is a 400). */
export function videoQueryOf(filter: AdminVideoFilterDto): VideoQuery {
  return {
    search: filter.q || undefined,
    status: accessStatus(filter.access),
    states: filter.state,
    ...dayRange(filter),
    playlistId: filter.playlist,
    themeId: filter.theme,
    filters: filter.filter,
  };
}

/** Newest first by default; a search without a sort ranks the best title match first. */
export function videoOrderOf(query: AdminVideoListQueryDto): VideoOrder | undefined {
  return listOrderOf(query, { fallback: 'created', dated: ['created', 'updated'], rankSearch: true });
}
