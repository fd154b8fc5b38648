import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** Any titled lookup value: genre, mood, activity, tag, video genre, composer, category, suggestion. */
export class NamedDto {
  @ApiProperty({ example: 12 })
  id: number;

  @ApiProperty({ example: 'Jazz' })
  title: string;
}

/**
 * An item's picture at each size, at its versioned address (DESIGN.md §10): the address changes
 * whenever the picture does, so browsers and CDNs keep it for a year.
 */
export class ImageAddressesDto {
  @ApiProperty({ example: '/cuviewTV/image/video/403/300/q8J3xYk2LmNb/' })
  300: string;

  @ApiProperty({ example: '/cuviewTV/image/video/403/600/q8J3xYk2LmNb/' })
  600: string;
}

/** A genre or category with its picture (the genre cards, the categories grid). */
export class PicturedDto extends NamedDto {
  @ApiProperty({ type: ImageAddressesDto, nullable: true, description: 'The picture; null when none' })
  images: ImageAddressesDto | null;
}

/** An artist or band (spec: member). */
export class MemberDto {
  @ApiProperty({ example: 7 })
  id: number;

  @ApiProperty({ example: 'Nina Simone' })
  title: string;

  @ApiProperty({ example: '', description: 'Second line of the name (role, band, ...)' })
  title2: string;

  @ApiProperty({ example: '', description: 'Merchandise link, empty when none' })
  merch_url: string;

  @ApiProperty({ type: ImageAddressesDto, nullable: true, description: 'The picture; null when none' })
  images: ImageAddressesDto | null;
}

/** The album a track comes from (Media Session metadata: album name and cover). */
export class TrackAlbumDto {
  @ApiProperty({ example: 5 })
  id: number;

  @ApiProperty({ example: 'Little Girl Blue' })
  title: string;

  @ApiProperty({ example: true, description: 'Whether the album has a cover image (image/album/{id}/{size}/)' })
  cover: boolean;

  @ApiProperty({ type: ImageAddressesDto, nullable: true, description: 'The cover; null when none' })
  images: ImageAddressesDto | null;
}

/** A track placed on a video's timeline. */
export class TrackDto {
  @ApiProperty({ example: 31 })
  id: number;

  @ApiProperty({ example: 1, description: 'Order of the track inside the video, from 1' })
  position: number;

  @ApiProperty({ example: 'Feeling Good' })
  title: string;

  @ApiProperty({ type: [MemberDto] })
  members: MemberDto[];

  @ApiProperty({ example: 0, description: 'Seconds on the video timeline' })
  starts_at: number;

  @ApiProperty({ example: 172.5, description: 'Seconds on the video timeline' })
  ends_at: number;

  @ApiProperty({ type: TrackAlbumDto })
  album: TrackAlbumDto;
}

export class SubtitleTrackDto {
  @ApiProperty({ example: 'en', description: 'BCP-47 language tag' })
  language: string;

  @ApiProperty({ example: 'English lyrics' })
  label: string;

  @ApiProperty({ example: '/cuviewTV/media/hls/403/text/en-1a2b3c.vtt', description: 'URL of the WebVTT file' })
  src: string;
}

export class VideoDto {
  @ApiProperty({ example: 403 })
  id: number;

  @ApiProperty({ example: 'Live at Montreux' })
  title: string;

  @ApiProperty({ example: 245.3, description: 'Seconds' })
  duration: number;

  @ApiProperty({ type: ImageAddressesDto, nullable: true, description: 'The thumbnail; null when none' })
  images: ImageAddressesDto | null;

  @ApiProperty({
    example: '/cuviewTV/media/videos/403/hls/master.m3u8',
    description: 'URL of the HLS master playlist; empty when the video plays from yt_link only',
  })
  scripted_bunny_path: string;

  @ApiProperty({
    example: '/cuviewTV/media/hls/403/m1a2b3c-9f8e7d6c/storyboard/storyboard.vtt',
    description:
      'URL of the seek-bar storyboard: a WebVTT index whose cues name a sprite sheet beside it and a frame ' +
      '(`sheet-001.jpg#xywh=x,y,w,h`); empty when the video has none yet',
  })
  storyboard: string;

  @ApiProperty({ type: [SubtitleTrackDto], description: 'Subtitles or lyrics, one WebVTT file per language' })
  subtitles: SubtitleTrackDto[];

  @ApiProperty({ example: '', description: 'Embedded source (YouTube, Vimeo, ...), empty when none' })
  yt_link: string;

  @ApiProperty({ example: 'Nina Simone, Duke Ellington', description: 'Artist names, comma-separated' })
  artists: string;

  @ApiProperty({ example: 'Leslie Bricusse, Anthony Newley', description: 'Composer names, comma-separated' })
  composers: string;

  @ApiProperty({ type: [MemberDto], description: 'Artists of all tracks, in order of appearance' })
  members: MemberDto[];

  @ApiProperty({ type: [TrackDto] })
  tracks: TrackDto[];

  @ApiProperty({ description: 'The audio carries a watermark that analysis can read' })
  watermark: boolean;

  @ApiProperty({ description: 'Every track is in the fingerprint index, so analysis can recognise it' })
  footprint: boolean;

  @ApiPropertyOptional({ example: 1, description: 'Position inside the playlist (playlist answers only)' })
  position?: number;
}

export class VideoPageDto {
  @ApiProperty({ type: [VideoDto], description: 'One page (20 videos); empty past the last page' })
  videos: VideoDto[];

  @ApiProperty({ example: 134, description: 'Number of matching videos over all pages' })
  videoLength: number;

  @ApiPropertyOptional({
    enum: [true],
    description:
      'Present (true) when videoLength is a lower bound: a search for a very common text ranks a bounded set of matches (its pages hold the best of them); a filter matching more than 1,000 videos counts up to 1,000 (or to the end of the page asked for) and shows "1,000+"',
  })
  videoLengthEstimated?: true;
}

export class VideoLengthDto {
  @ApiProperty({ example: 134, description: 'Number of matching videos' })
  videoLength: number;

  @ApiPropertyOptional({
    enum: [true],
    description:
      'Present (true) when more than 1,000 videos match: videoLength is then 1,000, a lower bound ("1,000+")',
  })
  videoLengthEstimated?: true;
}

/** The first video of a playlist, enough for a cover. */
export class CoverVideoDto {
  @ApiProperty({ example: 403 })
  id: number;

  @ApiProperty({ example: '/cuviewTV/media/videos/403/hls/master.m3u8' })
  scripted_bunny_path: string;
}
