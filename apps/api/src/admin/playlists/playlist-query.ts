import { accessStatus, dayRange, listOrderOf } from '../common/list-query.dto.js';
import type { AdminPlaylistFilterDto, AdminPlaylistListQueryDto } from './playlist-list.dto.js';
import type { PlaylistOrder, PlaylistQuery } from './playlists.repository.js';

/** A checked list or bulk filter as the repository's query (a backwards day range is a 400). */
export function playlistQueryOf(filter: AdminPlaylistFilterDto): PlaylistQuery {
  return {
    search: filter.q || undefined,
    status: accessStatus(filter.access),
    ...dayRange(filter),
    themeId: filter.theme,
  };
}

/** Latest changed first by default; a search without a sort ranks the best title match first. */
export function playlistOrderOf(query: AdminPlaylistListQueryDto): PlaylistOrder | undefined {
  return listOrderOf(query, { fallback: 'updated', dated: ['created', 'updated'], rankSearch: true });
}
