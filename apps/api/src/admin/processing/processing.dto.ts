import { ApiProperty } from '@nestjs/swagger';
import { ProcessingState } from '@app/contracts';
import { AdminProcessingJobDto } from '../videos/videos.dto.js';

export class AdminProcessingItemDto {
  @ApiProperty()
  id: number;

  @ApiProperty()
  title: string;

  @ApiProperty({ enum: [ProcessingState.Queued, ProcessingState.Processing, ProcessingState.Failed] })
  processing_state: ProcessingState;

  @ApiProperty({ description: '0..100' })
  processing_progress: number;

  @ApiProperty({ type: String, nullable: true })
  processing_error: string | null;

  @ApiProperty({ description: 'When the state last changed (ISO 8601)' })
  updated_at: string;

  @ApiProperty({
    type: AdminProcessingJobDto,
    nullable: true,
    description: 'The transcode job, null if Redis has none',
  })
  job: AdminProcessingJobDto | null;
}

export class AdminProcessingCountsDto {
  @ApiProperty()
  queued: number;

  @ApiProperty()
  processing: number;

  @ApiProperty()
  failed: number;
}

export class AdminProcessingOverviewDto {
  @ApiProperty({
    type: [AdminProcessingItemDto],
    description: 'Running first, then queued, then failed; newest change first in each; at most 100 of each',
  })
  videos: AdminProcessingItemDto[];

  @ApiProperty({ type: AdminProcessingCountsDto, description: 'Every video in each state (not only those listed)' })
  counts: AdminProcessingCountsDto;
}

export class AdminProcessingFailuresDto {
  @ApiProperty({ description: 'Videos whose processing failed' })
  failed: number;

  @ApiProperty({ type: String, nullable: true, description: 'When the latest of them failed (ISO 8601)' })
  latest_failed_at: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Title of the latest failed video' })
  latest_title: string | null;
}
