import { ApiProperty, ApiPropertyOptional, IntersectionType, PickType } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { IsTitle, STATUS_MESSAGE, StatusTransform } from '../common/form-fields.js';
import { AdminListFilterDto, AdminListPageDto, IsId } from '../common/list-query.dto.js';
import { AdminEditOrderedListDto } from '../common/positions.dto.js';
import { AdminPlaylistSummaryDto } from '../playlists/playlists.dto.js';

/** A theme (group) in the admin list: a playlist's id, title and status, and its place. */
export class AdminGroupDto extends PickType(AdminPlaylistSummaryDto, ['id', 'title', 'status'] as const) {
  @ApiProperty({ description: 'Place in the theme list, from 1' })
  position: number;

  @ApiProperty()
  number_of_playlists: number;
}

/** A playlist of a theme: the playlist summary and its place in the theme. */
export class AdminGroupPlaylistDto extends AdminPlaylistSummaryDto {
  @ApiProperty({ description: 'Place in the theme, from 1' })
  position: number;
}

export class AdminGroupInfoDto extends AdminGroupDto {
  @ApiProperty({ description: 'Raised by every save of edit_group; send it back as revision' })
  revision: number;

  @ApiProperty({ type: [AdminGroupPlaylistDto] })
  playlists: AdminGroupPlaylistDto[];
}

export class AdminAddGroupDto {
  @ApiProperty()
  @IsTitle()
  title: string;

  @ApiPropertyOptional({ enum: [0, 1], description: 'Default 1' })
  @IsOptional()
  @StatusTransform()
  @IsIn([0, 1], { message: STATUS_MESSAGE })
  status?: number;
}

export class AdminEditGroupDto extends AdminEditOrderedListDto {}

export const THEME_SORTS = ['position', 'title', 'created', 'access'] as const;
export type ThemeSort = (typeof THEME_SORTS)[number];

/** GET admin/themes: a page of the themes, in their hand order unless sorted otherwise. */
export class AdminThemeListQueryDto extends IntersectionType(AdminListFilterDto, AdminListPageDto) {
  @ApiPropertyOptional({ description: 'Only themes holding this playlist' })
  @IsOptional()
  @IsId('playlist')
  playlist?: number;

  @ApiPropertyOptional({
    enum: THEME_SORTS,
    description: 'Sort column; default: position (the order viewers see, the only one drag and drop changes)',
  })
  @IsOptional()
  @IsIn(THEME_SORTS, { message: `sort must be one of ${THEME_SORTS.join(', ')}` })
  sort?: ThemeSort;
}

export class AdminThemeRowDto extends AdminGroupDto {
  @ApiProperty({ description: 'When it was added (ISO 8601)' })
  created: string;
}

export class AdminThemePageDto {
  @ApiProperty({ type: [AdminThemeRowDto] })
  groups: AdminThemeRowDto[];

  @ApiProperty({ description: 'Themes the filter matches, all pages' })
  groupLength: number;
}
