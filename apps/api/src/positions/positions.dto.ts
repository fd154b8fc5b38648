import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsNumber, Max, Min, ValidateNested } from 'class-validator';
import { VideoDto } from '../catalogue/dto/video.dto.js';
import { MAX_INT } from '../common/params.js';

/** Videos in one batch: a client sends what it watched since the last one (a few at most). */
export const MAX_POSITIONS = 20;
/** Longer than any video; a bigger number is a bad client, not a long concert. */
const MAX_SECONDS = 24 * 3600;

export class PositionDto {
  @ApiProperty({ example: 403 })
  @IsInt({ message: 'video_id must be a video id' })
  @Min(1, { message: 'video_id must be a video id' })
  @Max(MAX_INT, { message: 'video_id must be a video id' })
  video_id: number;

  @ApiProperty({ example: 61.5, description: 'Seconds from the start of the video' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'position must be a number of seconds' })
  @Min(0, { message: 'position must be a number of seconds' })
  @Max(MAX_SECONDS, { message: 'position must be a number of seconds' })
  position: number;
}

export class SavePositionsDto {
  @ApiProperty({
    type: [PositionDto],
    description: `Up to ${MAX_POSITIONS}, one per video; the last one of a video wins`,
  })
  @IsArray({ message: 'positions must be a list' })
  @ArrayMinSize(1, { message: 'positions must hold at least one position' })
  @ArrayMaxSize(MAX_POSITIONS, { message: `At most ${MAX_POSITIONS} positions at once` })
  @ValidateNested({ each: true })
  @Type(() => PositionDto)
  positions: PositionDto[];
}

export class ResumePositionDto {
  @ApiProperty({ example: 403 })
  video_id: number;

  @ApiProperty({
    type: Number,
    nullable: true,
    example: 61.5,
    description: 'Where to resume, in seconds; null when never watched or watched to the end',
  })
  position: number | null;
}

export class ContinueWatchingDto extends VideoDto {
  @ApiProperty({ example: 61.5, description: 'Where the viewer stopped, in seconds' })
  resume_at: number;

  @ApiProperty({ example: '2026-11-26T04:00:00.000Z' })
  watched_at: string;
}
