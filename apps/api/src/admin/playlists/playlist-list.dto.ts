import { ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { AdminListFilterDto, AdminListPageDto, IsId } from '../common/list-query.dto.js';

export const PLAYLIST_SORTS = ['title', 'duration', 'created', 'updated', 'access'] as const;
export type PlaylistSort = (typeof PLAYLIST_SORTS)[number];

/** GET admin/playlists: a page of the editorial playlists, sorted and filtered. */
export class AdminPlaylistListQueryDto extends IntersectionType(AdminListFilterDto, AdminListPageDto) {
  @ApiPropertyOptional({ description: 'Only playlists in this theme' })
  @IsOptional()
  @IsId('theme')
  theme?: number;

  @ApiPropertyOptional({
    enum: PLAYLIST_SORTS,
    description: 'Sort column; default: updated (latest first), or best title match when q is given',
  })
  @IsOptional()
  @IsIn(PLAYLIST_SORTS, { message: `sort must be one of ${PLAYLIST_SORTS.join(', ')}` })
  sort?: PlaylistSort;
}
