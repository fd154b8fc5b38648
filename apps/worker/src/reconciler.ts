import { Inject, Injectable } from '@nestjs/common';
import { JobName, type JobPayload, JobQueues } from '@app/contracts';
import type { Logger } from './logger.js';
import { AlbumTrackJobsRepository } from './repositories/album-track-jobs.repository.js';
import { VideoJobsRepository } from './repositories/video-jobs.repository.js';
import { LOGGER } from './tokens.js';
import { WorkerSettings } from './worker.settings.js';

export interface ReconcileReport {
  transcodes: number;
  excerpts: number;
  fingerprints: number;
  storyboards: number;
}

/**
 * Postgres is the source of truth, Redis only holds queues (DESIGN.md §1): at start-up and
 * then every minute, work that Postgres says is pending but that has no job in Redis (Redis
 * restarted without its data, a producer crashed between commit and enqueue), or only a
 * finished one, is queued again. Job ids are deterministic, so several workers doing this at
 * once add one job.
 */
@Injectable()
export class Reconciler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly queues: JobQueues,
    private readonly videos: VideoJobsRepository,
    private readonly tracks: AlbumTrackJobsRepository,
    private readonly settings: WorkerSettings,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  start(): void {
    const tick = () => {
      if (this.running) return;
      this.running = this.reconcile()
        .catch((error: unknown) => this.log.warn({ err: error }, 'reconcile pass failed; trying again later'))
        .finally(() => {
          this.running = undefined;
        });
    };
    tick();
    this.timer = setInterval(tick, this.settings.WORKER_RECONCILE_INTERVAL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  async reconcile(): Promise<ReconcileReport> {
    const report: ReconcileReport = { transcodes: 0, excerpts: 0, fingerprints: 0, storyboards: 0 };
    for (const videoId of await this.videos.findPendingTranscodeIds()) {
      const pending = () => this.videos.isTranscodePending(videoId);
      if (await this.requeue(JobName.VideoTranscode, { videoId }, pending)) report.transcodes++;
    }
    for (const albumTrackId of await this.tracks.findPendingExcerptIds()) {
      const pending = () => this.tracks.isExcerptPending(albumTrackId);
      if (await this.requeue(JobName.TrackExcerpt, { albumTrackId }, pending)) report.excerpts++;
    }
    for (const albumTrackId of await this.tracks.findPendingFingerprintIds()) {
      const pending = () => this.tracks.isFingerprintPending(albumTrackId);
      if (await this.requeue(JobName.TrackFingerprint, { albumTrackId }, pending)) report.fingerprints++;
    }
    // Backfill: videos transcoded before storyboards existed (or whose storyboard failed) get one.
    for (const videoId of await this.videos.findMissingStoryboardIds()) {
      const missing = () => this.videos.isStoryboardMissing(videoId);
      if (await this.requeue(JobName.VideoStoryboard, { videoId }, missing)) report.storyboards++;
    }
    if (report.storyboards > 0) this.log.info({ storyboards: report.storyboards }, 'queued missing storyboards');
    if (report.transcodes + report.excerpts + report.fingerprints > 0) {
      this.log.warn(
        { ...report },
        're-queued work that Postgres says is pending but Redis had lost or had already finished',
      );
    }
    return report;
  }

  /**
   * Queues the job as a `restore` (enqueueJob in @app/contracts): when Redis has none, or only
   * finished ones. A running or pending job is left alone, and so is a failed track job: tracks
   * have no failed state in Postgres, so the failure is kept in Redis (30 days) for staff to see
   * and retry; a failed transcode whose video Postgres calls pending is replaced (staff asked
   * again). A finished job is replaced only if the row, read again, still wants the work: the
   * job may have just finished. A completed track job is replaced when the track was reset
   * after it ran (a migration asks for every track to be fingerprinted again, say).
   */
  private async requeue<N extends JobName>(
    name: N,
    payload: JobPayload<N>,
    stillPending: () => Promise<boolean>,
  ): Promise<boolean> {
    return (await this.queues.enqueue(name, payload, 'restore', stillPending)).added;
  }
}
