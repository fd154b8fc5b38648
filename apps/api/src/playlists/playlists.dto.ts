import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  type ValidationArguments,
} from 'class-validator';
import { LISTED_NAME_PATTERN, tidyName } from '@app/contracts';
import { CoverVideoDto, VideoDto } from '../catalogue/dto/video.dto.js';
import { MAX_INT } from '../common/params.js';

/** The spec's one message for every bad playlist name (spec viewer §5). */
export const INVALID_NAME = 'Please, Provide Valid Name';
const MAX_VIDEOS = 500;
const VIDEO_LIST = 'video_list must be a list of video ids';

const tidy = ({ value }: { value: unknown }) => (typeof value === 'string' ? tidyName(value) : value);
/** Ids sent as numeric strings ("403") are read as numbers. */
const toIds = ({ value }: { value: unknown }) =>
  Array.isArray(value)
    ? value.map((id) => (typeof id === 'string' && /^\d{1,10}$/.test(id.trim()) ? Number(id) : id))
    : value;

/** The one name rule of a personal playlist, for creating and renaming alike. */
const PlaylistName = () =>
  applyDecorators(
    ApiProperty({ example: 'Sunday Morning', description: 'Letters, digits and spaces; more than 1 character' }),
    Transform(tidy),
    IsString({ message: INVALID_NAME }),
    MaxLength(200, { message: INVALID_NAME }),
    Matches(LISTED_NAME_PATTERN, { message: INVALID_NAME }),
  );

/**
 * A size message only for a list: class-validator runs every rule, and a number's ArrayMaxSize
 * failure was reported before its IsArray one ("At most 500 videos at once" for 403).
 */
const sizeMessage =
  (text: string) =>
  ({ value }: ValidationArguments): string =>
    Array.isArray(value) ? text : VIDEO_LIST;

/** The one rule of the videos a call adds (ids, in order), for a new playlist and an existing one. */
const VideoIdList = ({ atLeastOne }: { atLeastOne: boolean }) =>
  applyDecorators(
    Transform(toIds),
    IsArray({ message: VIDEO_LIST }),
    ...(atLeastOne ? [ArrayMinSize(1, { message: sizeMessage('video_list must hold at least one video id') })] : []),
    ArrayMaxSize(MAX_VIDEOS, { message: sizeMessage(`At most ${MAX_VIDEOS} videos at once`) }),
    IsInt({ each: true, message: VIDEO_LIST }),
    Min(1, { each: true, message: VIDEO_LIST }),
    Max(MAX_INT, { each: true, message: VIDEO_LIST }),
  );

export class AddFullPlaylistDto {
  @PlaylistName()
  title: string;

  @ApiProperty({ type: [Number], example: [403, 491], required: false, description: 'Videos to put in it, in order' })
  @IsOptional()
  @VideoIdList({ atLeastOne: false })
  video_list?: number[];
}

export class AddPlaylistVideoDto {
  @ApiProperty({ type: [Number], example: [827], description: 'Videos to append; ones already in it are skipped' })
  @VideoIdList({ atLeastOne: true })
  video_list: number[];
}

export class RenamePlaylistDto {
  @PlaylistName()
  title: string;
}

export class CheckPlaylistDto {
  @ApiProperty({ example: 403 })
  video_id: number;

  @ApiProperty({ type: [Number], example: [12, 40], description: "Ids of the user's playlists holding the video" })
  playlists: number[];
}

/** The playlist after a change, as the open list and the My Playlists tile need it. */
class PlaylistChangeDto {
  @ApiProperty({ example: 12 })
  id: number;

  @ApiProperty({ example: 'Sunday Morning' })
  title: string;

  @ApiProperty({ example: 5 })
  user_id: number;

  @ApiProperty({ example: 1250.5, description: 'New total duration in seconds' })
  duration: number;

  @ApiProperty({
    example: 403,
    nullable: true,
    type: Number,
    description: 'Cover video (first video) after the change',
  })
  video_id: number | null;

  @ApiProperty({ type: CoverVideoDto, nullable: true })
  video: CoverVideoDto | null;

  @ApiProperty({ example: 6 })
  number_of_videos: number;
}

export class AddVideosResultDto extends PlaylistChangeDto {
  @ApiProperty({ type: [VideoDto], description: 'The videos actually appended (already present ones are skipped)' })
  videos: VideoDto[];

  @ApiProperty({ example: 245.3, description: 'Seconds added by this call' })
  added_duration: number;
}

export class RemoveVideoResultDto extends PlaylistChangeDto {
  @ApiProperty({ example: 827, description: 'The video taken out' })
  removed_video_id: number;
}

/** What to show after deleting a playlist: the next one of the user's, else the default playlist. */
export class NextPlaylistDto {
  @ApiProperty({ example: 12, description: 'The playlist that was deleted' })
  deleted_id: number;

  @ApiProperty({ example: 54, nullable: true, type: Number, description: 'null only when no playlist is left to show' })
  id: number | null;

  @ApiProperty({ example: 'Late Night Jazz' })
  title: string;

  @ApiProperty({ example: null, nullable: true, type: Number })
  user_id: number | null;

  @ApiProperty({ example: 4, nullable: true, type: Number })
  group_id: number | null;

  @ApiProperty({ example: 3605.2 })
  duration: number;

  @ApiProperty({ example: 403, nullable: true, type: Number })
  video_id: number | null;

  @ApiProperty({ type: [VideoDto] })
  videos: VideoDto[];
}

export class ArrangeResultDto {
  @ApiProperty({ example: 12 })
  playlist_id: number;

  @ApiProperty({ example: 5, description: 'Where the dragged video was' })
  position1: number;

  @ApiProperty({ example: 2, description: 'Where it is now; the videos between shifted by one' })
  position2: number;

  @ApiProperty({ example: 1, description: 'Zero-based index of the dragged video after the move' })
  index: number;
}
