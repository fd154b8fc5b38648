import { Status } from '@app/contracts';
import { dayRange } from '../common/list-query.dto.js';
import type { AdminVideoFilterDto, AdminVideoListQueryDto } from './video-list.dto.js';
import type { VideoOrder, VideoQuery } from './videos.repository.js';

/** A checked list or bulk filter as the repository's query (a backwards day range is a 400). */
export function videoQueryOf(filter: AdminVideoFilterDto): VideoQuery {
  return {
    search: filter.q || undefined,
    status: filter.access === undefined ? undefined : filter.access === 'on' ? Status.On : Status.Off,
    states: filter.state,
    ...dayRange(filter),
    playlistId: filter.playlist,
    themeId: filter.theme,
    filters: filter.filter,
  };
}

/** Dates read newest first unless told otherwise; the other columns A→Z, shortest, off first. */
export function videoOrderOf(query: AdminVideoListQueryDto): VideoOrder | undefined {
  if (!query.sort) return query.q ? undefined : { sort: 'created', direction: query.order ?? 'desc' };
  const dated = query.sort === 'created' || query.sort === 'updated';
  return { sort: query.sort, direction: query.order ?? (dated ? 'desc' : 'asc') };
}
