import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { MAX_INT } from '../../common/params.js';

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
