import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsOptional, ValidateNested } from 'class-validator';
import { BULK_FILTER_MAX, BULK_MAX_IDS, IsBulkIds } from '../common/bulk.js';
import { AdminListFilterDto, AdminListPageDto, IsId } from '../common/list-query.dto.js';

export const PLAYLIST_SORTS = ['title', 'duration', 'created', 'updated', 'access'] as const;
export type PlaylistSort = (typeof PLAYLIST_SORTS)[number];

/** What the playlist list filters by; the same fields name "everything it matches" in a bulk request. */
export class AdminPlaylistFilterDto extends AdminListFilterDto {
  @ApiPropertyOptional({ description: 'Only playlists in this theme' })
  @IsOptional()
  @IsId('theme')
  theme?: number;
}

/** GET admin/playlists: a page of the editorial playlists, sorted and filtered. */
export class AdminPlaylistListQueryDto extends IntersectionType(AdminPlaylistFilterDto, AdminListPageDto) {
  @ApiPropertyOptional({
    enum: PLAYLIST_SORTS,
    description: 'Sort column; default: updated (latest first), or best title match when q is given',
  })
  @IsOptional()
  @IsIn(PLAYLIST_SORTS, { message: `sort must be one of ${PLAYLIST_SORTS.join(', ')}` })
  sort?: PlaylistSort;
}

export const PLAYLIST_BULK_ACTIONS = [
  'access_on',
  'access_off',
  'add_to_theme',
  'remove_from_theme',
  'delete',
] as const;
export type PlaylistBulkAction = (typeof PLAYLIST_BULK_ACTIONS)[number];

/** POST admin/playlists/bulk: one action on the named playlists or on everything a filter matches. */
export class AdminPlaylistBulkDto {
  @ApiProperty({ enum: PLAYLIST_BULK_ACTIONS })
  @IsIn(PLAYLIST_BULK_ACTIONS, { message: `action must be one of ${PLAYLIST_BULK_ACTIONS.join(', ')}` })
  action: PlaylistBulkAction;

  @ApiPropertyOptional({ type: [Number], maxItems: BULK_MAX_IDS, description: 'The chosen playlists (or give filter)' })
  @IsOptional()
  @IsBulkIds('playlist')
  ids?: number[];

  @ApiPropertyOptional({
    type: AdminPlaylistFilterDto,
    description: `Every editorial playlist this filter matches (at most ${BULK_FILTER_MAX}); {} is every one`,
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => AdminPlaylistFilterDto)
  filter?: AdminPlaylistFilterDto;

  @ApiPropertyOptional({ description: 'add_to_theme, remove_from_theme: the theme' })
  @IsOptional()
  @IsId('group_id')
  group_id?: number;
}
