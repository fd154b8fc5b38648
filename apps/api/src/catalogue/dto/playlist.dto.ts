import { ApiProperty } from '@nestjs/swagger';
import { CoverVideoDto, ImageAddressesDto, VideoDto } from './video.dto.js';

/** A playlist in a list (group tabs, carousels, My Playlists). */
export class PlaylistSummaryDto {
  @ApiProperty({ example: 54 })
  id: number;

  @ApiProperty({ example: 'Late Night Jazz' })
  title: string;

  @ApiProperty({ example: 3605.2, description: 'Seconds: the sum of its visible videos' })
  duration: number;

  @ApiProperty({ example: 403, nullable: true, type: Number, description: 'Cover video: the first video' })
  video_id: number | null;

  @ApiProperty({ type: CoverVideoDto, nullable: true })
  video: CoverVideoDto | null;

  @ApiProperty({
    type: ImageAddressesDto,
    nullable: true,
    description: 'The picture (its own thumbnail, else its cover video’s); null when none',
  })
  images: ImageAddressesDto | null;

  @ApiProperty({ example: null, nullable: true, type: Number, description: 'Owner; null for editorial playlists' })
  user_id: number | null;

  @ApiProperty({ example: 4, nullable: true, type: Number, description: 'The group it is shown in, when any' })
  group_id: number | null;

  @ApiProperty({ example: 1, nullable: true, type: Number, description: 'Position inside the group' })
  position: number | null;

  @ApiProperty({ example: 12, description: 'Number of visible videos' })
  number_of_videos: number;
}

/** A playlist with its videos (player, playlist page, My Playlist page). */
export class PlaylistDetailDto {
  @ApiProperty({ example: 54 })
  id: number;

  @ApiProperty({ example: 'Late Night Jazz' })
  title: string;

  @ApiProperty({ example: null, nullable: true, type: Number })
  user_id: number | null;

  @ApiProperty({ example: 4, nullable: true, type: Number, description: 'First group showing the playlist, if any' })
  group_id: number | null;

  @ApiProperty({ example: 3605.2, description: 'Seconds' })
  duration: number;

  @ApiProperty({ example: 403, nullable: true, type: Number, description: 'Cover video: the first video' })
  video_id: number | null;

  @ApiProperty({
    type: ImageAddressesDto,
    nullable: true,
    description: 'The picture (its own thumbnail, else its cover video’s); null when none',
  })
  images: ImageAddressesDto | null;

  @ApiProperty({ type: [VideoDto], description: 'Visible videos in playlist order, each with its position' })
  videos: VideoDto[];
}

export class GroupDto {
  @ApiProperty({ example: 4 })
  id: number;

  @ApiProperty({ example: 'Jazz' })
  title: string;

  @ApiProperty({ example: 1 })
  position: number;
}

export class GroupPlaylistsDto extends GroupDto {
  @ApiProperty({ type: [PlaylistSummaryDto] })
  playlists: PlaylistSummaryDto[];
}

export class BannerVideoDto {
  @ApiProperty({ example: 3, description: 'Banner id' })
  id: number;

  @ApiProperty({ example: 'Tonight on CUVIEW', description: 'Banner title' })
  title: string;

  @ApiProperty({ example: 1 })
  position: number;

  @ApiProperty({ example: 1526 })
  video_id: number;

  @ApiProperty({ example: 342 })
  playlist_id: number;

  @ApiProperty({ example: 24 })
  group_id: number;

  @ApiProperty({ example: 'Live at Montreux' })
  video_title: string;

  @ApiProperty({ example: 245.3, description: 'Seconds' })
  duration: number;

  @ApiProperty({ example: '/cuviewTV/media/videos/1526/hls/master.m3u8' })
  scripted_bunny_path: string;

  @ApiProperty({ example: '' })
  yt_link: string;

  @ApiProperty({ example: 'Nina Simone' })
  artists: string;

  @ApiProperty({ example: 'Leslie Bricusse' })
  composers: string;

  @ApiProperty({ type: ImageAddressesDto, nullable: true, description: 'The video’s thumbnail; null when none' })
  images: ImageAddressesDto | null;

  @ApiProperty({
    type: ImageAddressesDto,
    nullable: true,
    description: 'The banner’s own picture, shown in place of the video’s thumbnail; null when none',
  })
  banner_images: ImageAddressesDto | null;
}
