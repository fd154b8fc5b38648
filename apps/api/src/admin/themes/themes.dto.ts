import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { IsTitle, STATUS_MESSAGE, StatusTransform } from '../common/form-fields.js';
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
