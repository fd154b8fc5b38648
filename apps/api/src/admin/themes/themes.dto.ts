import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsIn, IsOptional, ValidateNested } from 'class-validator';
import { IsTitle, STATUS_MESSAGE, StatusTransform } from '../common/form-fields.js';
import { AdminPositionDto } from '../common/positions.dto.js';

export class AdminGroupDto {
  @ApiProperty()
  id: number;

  @ApiProperty()
  title: string;

  @ApiProperty({ enum: [0, 1] })
  status: number;

  @ApiProperty({ description: 'Place in the theme list, from 1' })
  position: number;

  @ApiProperty()
  number_of_playlists: number;
}

export class AdminGroupPlaylistDto {
  @ApiProperty()
  id: number;

  @ApiProperty()
  title: string;

  @ApiProperty({ enum: [0, 1] })
  status: number;

  @ApiProperty({ description: 'Place in the theme, from 1' })
  position: number;

  @ApiProperty({ description: 'Seconds, visible videos only' })
  duration: number;

  @ApiProperty()
  number_of_videos: number;

  @ApiProperty({ type: Number, nullable: true, description: 'Cover video: the first video by position' })
  video_id: number | null;

  @ApiProperty()
  updated: string;

  @ApiProperty()
  has_thumbnail: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Signed staff address of its image (its own, else its first visible video’s, else its first video’s), also while its access is off: append `300/` or `600/`. Null when it has none',
  })
  image: string | null;
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

export class AdminEditGroupDto {
  @ApiPropertyOptional({ description: 'Unchanged when left out; an empty title is refused' })
  @IsOptional()
  @IsTitle()
  title?: string;

  @ApiPropertyOptional({ enum: [0, 1] })
  @IsOptional()
  @StatusTransform()
  @IsIn([0, 1], { message: STATUS_MESSAGE })
  status?: number;

  @ApiPropertyOptional({ type: [AdminPositionDto], description: 'Playlist ids with their new positions in the theme' })
  @IsOptional()
  @IsArray({ message: 'positions must be a list of {id, position}' })
  @ValidateNested({ each: true })
  @Type(() => AdminPositionDto)
  positions?: AdminPositionDto[];
}
