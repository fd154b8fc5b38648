import { ApiProperty } from '@nestjs/swagger';
import { ProcessingState } from '@app/contracts';
import { AdminIdTitleDto, AdminListItemDto } from './answers.dto.js';

/** A video in the admin lists (VIDEO_SUMMARY_JSON). */
export class AdminVideoSummaryDto extends AdminListItemDto {
  @ApiProperty({ description: 'Seconds' })
  duration: number;

  @ApiProperty({ type: [AdminIdTitleDto] })
  genres: AdminIdTitleDto[];

  @ApiProperty({ type: [AdminIdTitleDto] })
  moods: AdminIdTitleDto[];

  @ApiProperty({ type: [AdminIdTitleDto] })
  videogenres: AdminIdTitleDto[];

  @ApiProperty({ type: [AdminIdTitleDto] })
  tags: AdminIdTitleDto[];

  @ApiProperty({ description: 'Artists of its tracks, comma separated' })
  artists: string;

  @ApiProperty({ description: 'Composers of its tracks, comma separated' })
  composers: string;

  @ApiProperty()
  has_thumbnail: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Signed staff address of its image, also while its access is off: append `300/` or `600/`. Null when it has none',
  })
  image: string | null;

  @ApiProperty({ enum: ProcessingState })
  processing_state: ProcessingState;

  @ApiProperty({ description: '0..100 while processing' })
  processing_progress: number;

  @ApiProperty({ type: String, nullable: true, description: 'Why the last processing attempt failed' })
  processing_error: string | null;
}
