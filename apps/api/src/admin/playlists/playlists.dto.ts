import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, Max, Min } from 'class-validator';
import { MAX_INT } from '../../common/params.js';
import { AdminEditOrderedListDto } from '../common/positions.dto.js';
import { AdminVideoSummaryDto } from '../common/video-summary.dto.js';
import { AdminListItemDto } from '../common/answers.dto.js';

export class AdminPlaylistSummaryDto extends AdminListItemDto {
  @ApiProperty({ description: 'Last change (ISO 8601)' })
  updated: string;

  @ApiProperty({ description: 'Seconds, visible videos only' })
  duration: number;

  @ApiProperty()
  number_of_videos: number;

  @ApiProperty({ type: Number, nullable: true, description: 'Cover video: the first video by position' })
  video_id: number | null;

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

export class AdminPlaylistVideoDto extends AdminVideoSummaryDto {
  @ApiProperty({ description: 'Place in the playlist, from 1' })
  position: number;

  @ApiProperty({
    type: [String],
    description:
      'Titles of the main-page banners showing this video from this playlist: they go when it leaves the playlist',
  })
  banner_titles: string[];
}

export class AdminPlaylistInfoDto extends AdminPlaylistSummaryDto {
  @ApiProperty({ description: 'Raised by every save of edit_playlist_for_admin; send it back as revision' })
  revision: number;

  @ApiProperty({ type: [AdminPlaylistVideoDto] })
  videos: AdminPlaylistVideoDto[];

  @ApiProperty({ type: [Number], description: 'Ids of the themes holding the playlist' })
  groups: number[];
}

export class AdminPlaylistListDto {
  @ApiProperty({ type: [AdminPlaylistSummaryDto] })
  playlists: AdminPlaylistSummaryDto[];

  @ApiProperty({ description: 'Playlists in the list, all pages' })
  playlistLength: number;
}

export class AdminPlaylistLengthDto {
  @ApiProperty()
  playlistLength: number;
}

export class AdminEditPlaylistDto extends AdminEditOrderedListDto {}

export class AdminAddPlaylistVideosDto {
  @ApiProperty({
    type: [Number],
    description: 'Video ids, appended in this order; ones already in the playlist are skipped',
  })
  @IsArray({ message: 'please, choose a video' })
  @ArrayMinSize(1, { message: 'please, choose a video' })
  @ArrayMaxSize(500, { message: 'At most 500 videos at a time' })
  @IsInt({ each: true, message: 'video_list must hold video ids' })
  @Min(1, { each: true, message: 'video_list must hold video ids' })
  @Max(MAX_INT, { each: true, message: 'video_list must hold video ids' })
  video_list: number[];
}

/** The multipart form of add_playlist_for_admin/ (for the OpenAPI document). */
export class AdminPlaylistFormDto {
  @ApiProperty({ description: 'Required' })
  title: string;

  @ApiPropertyOptional({ enum: [0, 1], description: 'Default 1' })
  status?: number;

  @ApiPropertyOptional({ type: 'string', format: 'binary', description: 'Thumbnail: JPEG or PNG' })
  image?: unknown;
}

export class AdminThumbnailFormDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'JPEG or PNG' })
  image: unknown;
}

export class AdminGroupMembershipDto {
  @ApiProperty({ example: 'Playlist Has Been Added To Group' })
  message: string;

  @ApiProperty()
  group_id: number;

  @ApiProperty()
  playlist_id: number;

  @ApiProperty({ description: 'Place of the playlist in the theme' })
  position: number;

  @ApiProperty({ description: "The theme's revision after the change (get_group_info's)" })
  revision: number;
}
