import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import type { JobSummary } from '../../queue/queue.service.js';
import { AdminVideoSummaryDto } from '../common/video-summary.dto.js';

export class AdminVideoListDto {
  @ApiProperty({ type: [AdminVideoSummaryDto] })
  videos: AdminVideoSummaryDto[];

  @ApiProperty({ description: 'Videos in the list, all pages' })
  videoLength: number;
}

export class AdminVideoLengthDto {
  @ApiProperty()
  videoLength: number;
}

export class AdminVideoTrackDto {
  @ApiProperty({ description: 'Id of the track entry on the video' })
  id: number;

  @ApiProperty({ description: 'Album track id' })
  track_id: number;

  @ApiProperty()
  album_id: number;

  @ApiProperty()
  position: number;

  @ApiProperty({ description: 'Seconds on the video timeline' })
  start_time: number;

  @ApiProperty({ description: 'Seconds on the video timeline' })
  end_time: number;

  @ApiProperty()
  track_title: string;

  @ApiProperty()
  album_title: string;

  @ApiProperty()
  catalogue_num: string;

  @ApiProperty({ description: 'Genre title, "" when none' })
  genre: string;

  @ApiProperty({ description: 'Comma separated' })
  artists: string;

  @ApiProperty({ description: 'Comma separated' })
  composers: string;
}

export class AdminProcessingJobDto {
  @ApiProperty({ description: 'BullMQ job id' })
  id: string;

  @ApiProperty({ example: 'failed', description: 'waiting, active, delayed, completed, failed…' })
  state: string;

  @ApiProperty({ description: '0..100 of the whole job' })
  progress: number;

  @ApiProperty({
    type: String,
    nullable: true,
    example: '720p, 480p, 360p',
    description:
      'What runs now: probe, audio and watermark, the renditions being encoded, storyboard, waveform, packaging, poster',
  })
  stage: string | null;

  @ApiProperty({ type: Number, nullable: true, description: 'Estimated seconds until the job is done' })
  seconds_left: number | null;

  @ApiProperty()
  attempts_made: number;

  @ApiProperty({ type: String, nullable: true })
  failed_reason: string | null;
}

/** A transcode job as the queue reports it, in the answers' shape. */
export function toProcessingJobDto(job: JobSummary | null): AdminProcessingJobDto | null {
  return (
    job && {
      id: job.id,
      state: job.state,
      progress: job.progress,
      stage: job.stage || null,
      seconds_left: job.secondsLeft,
      attempts_made: job.attemptsMade,
      failed_reason: job.failedReason,
    }
  );
}

/** A video for its edit page: the list summary (without artists and composers) and its details. */
export class AdminVideoInfoDto extends PickType(AdminVideoSummaryDto, [
  'id',
  'title',
  'status',
  'duration',
  'genres',
  'moods',
  'videogenres',
  'tags',
  'has_thumbnail',
  'image',
  'processing_state',
  'processing_progress',
  'processing_error',
] as const) {
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Set when the finished video was read back and its audio held no watermark: ANALYZE can then name its tracks only by footprint',
  })
  watermark_warning: string | null;

  @ApiProperty({ description: 'Raised by every save of edit_video_info; send it back as data.revision' })
  revision: number;

  @ApiProperty()
  description: string;

  @ApiProperty()
  yt_link: string;

  @ApiProperty({ type: [AdminVideoTrackDto] })
  tracks: AdminVideoTrackDto[];

  @ApiProperty({ type: String, nullable: true, description: 'Storage key of the uploaded original' })
  file_original_path_linux: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Storage key of the HLS master playlist' })
  file_path: string | null;

  @ApiProperty({
    description:
      'Signed staff address of the HLS master playlist (plays also while its access is off; expires), "" until processed',
  })
  scripted_bunny_path: string;

  @ApiProperty({ type: [Number], description: 'Ids of the playlists holding the video' })
  playlists: number[];

  @ApiProperty({
    type: AdminProcessingJobDto,
    nullable: true,
    description: 'The transcode job in the queue, when there is one',
  })
  job: AdminProcessingJobDto | null;
}

export class AdminUploadAnswerDto {
  @ApiProperty({ description: 'Server-generated storage key of the original; send it to fill_video_info/' })
  file_original_path_linux: string;

  @ApiProperty({ description: 'Seconds, measured by ffprobe' })
  duration: number;
}

export class AdminUploadFormDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'The video (MP4, MOV, MKV, WebM, AVI, MPEG-TS…)' })
  file: unknown;
}

export class AdminVideoFormDto {
  @ApiProperty({
    description:
      'JSON. fill_video_info: {title, description, yt_link, file_original_path_linux, duration, genres, moods, ' +
      'videoGenres, tags (id lists), tracks [{track_id, album_id, position, start_time, end_time}], status}. ' +
      'edit_video_info: {title, description, yt_link, genres, moods, videogenres, tags, status, revision}; tracks ' +
      'are read-only. revision (optional): the one get_video_info answered; when the stored one differs, someone ' +
      'else saved in between: 409 and nothing changes.',
  })
  data: string;

  @ApiPropertyOptional({ type: 'string', format: 'binary', description: 'Thumbnail: JPEG or PNG' })
  file?: unknown;
}

export class AdminThumbnailFileFormDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'JPEG or PNG' })
  file: unknown;
}
