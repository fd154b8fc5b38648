import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsOptional, Max, Min, ValidateNested } from 'class-validator';
import { MAX_INT } from '../../common/params.js';
import { IsTitle, STATUS_MESSAGE, StatusTransform } from './form-fields.js';
import { IsRevision } from './revision.js';

/** One entry of an edit form's `positions`: the item's id and the place it now takes (from 1). */
export class AdminPositionDto {
  @ApiProperty({ description: 'Id of the item (video in a playlist, playlist in a theme)' })
  @Type(() => Number)
  @IsInt({ message: 'positions: id must be a whole number' })
  @Min(1, { message: 'positions: id must be a whole number' })
  @Max(MAX_INT, { message: 'positions: id must be a whole number' })
  id: number;

  @ApiProperty({ description: 'New position, from 1' })
  @Type(() => Number)
  @IsInt({ message: 'positions: position must be a whole number from 1' })
  @Min(1, { message: 'positions: position must be a whole number from 1' })
  @Max(MAX_INT, { message: 'positions: position must be a whole number from 1' })
  position: number;
}

/** The edit form of an ordered list (a playlist's videos, a theme's playlists): title, access, order. */
export class AdminEditOrderedListDto {
  @ApiPropertyOptional({ description: 'Unchanged when left out; an empty title is refused' })
  @IsOptional()
  @IsTitle()
  title?: string;

  @ApiPropertyOptional({ enum: [0, 1] })
  @IsOptional()
  @StatusTransform()
  @IsIn([0, 1], { message: STATUS_MESSAGE })
  status?: number;

  @ApiPropertyOptional({
    type: [AdminPositionDto],
    description: 'Ids of the items (videos of a playlist, playlists of a theme) with their new positions',
  })
  @IsOptional()
  @IsArray({ message: 'positions must be a list of {id, position}' })
  @ValidateNested({ each: true })
  @Type(() => AdminPositionDto)
  positions?: AdminPositionDto[];

  @IsRevision()
  revision?: number;
}
