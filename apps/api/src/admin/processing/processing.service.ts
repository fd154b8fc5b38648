import { Injectable, Logger } from '@nestjs/common';
import { JobName, ProcessingState } from '@app/contracts';
import { QueueService } from '../../queue/queue.service.js';
import type { AdminProcessingItemDto } from './processing.dto.js';
import type { AdminProcessingFailuresDto, AdminProcessingOverviewDto } from './processing.dto.js';
import { ProcessingRepository } from './processing.repository.js';
import { toProcessingJobDto } from '../videos/videos.dto.js';

/** Videos listed per state on the processing page. */
const PER_STATE = 100;

/**
 * The processing page: every video queued, running or failed across the catalogue, with its
 * transcode job as Redis has it; and the failure count the console polls to tell staff.
 * Retrying is the videos' own retry_video_processing/.
 */
@Injectable()
export class ProcessingService {
  private readonly logger = new Logger('ProcessingService');

  constructor(
    private readonly repository: ProcessingRepository,
    private readonly queues: QueueService,
  ) {}

  async overview(): Promise<AdminProcessingOverviewDto> {
    const [rows, counts] = await Promise.all([this.repository.listPending(PER_STATE), this.repository.countByState()]);
    const videos: AdminProcessingItemDto[] = [];
    let queueReachable = true;
    for (const row of rows) {
      let job: AdminProcessingItemDto['job'] = null;
      if (queueReachable) {
        try {
          job = toProcessingJobDto(await this.queues.summary(JobName.VideoTranscode, { videoId: row.id }));
        } catch (error) {
          // Redis down: the page still lists what Postgres holds.
          this.logger.warn(`queue not reachable: ${(error as Error).message}`);
          queueReachable = false;
        }
      }
      videos.push({
        id: row.id,
        title: row.title,
        processing_state: row.processing_state,
        processing_progress: row.processing_progress,
        processing_error: row.processing_error,
        updated_at: new Date(row.updated_at).toISOString(),
        job,
      });
    }
    return {
      videos,
      counts: {
        queued: counts[ProcessingState.Queued] ?? 0,
        processing: counts[ProcessingState.Processing] ?? 0,
        failed: counts[ProcessingState.Failed] ?? 0,
      },
    };
  }

  async failures(): Promise<AdminProcessingFailuresDto> {
    const { failed, latest } = await this.repository.latestFailure();
    return {
      failed,
      latest_failed_at: latest ? new Date(latest.updated_at).toISOString() : null,
      latest_title: latest?.title ?? null,
    };
  }
}
