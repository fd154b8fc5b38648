import { Inject, Injectable } from '@nestjs/common';
import { JobName, type JobPayload } from '@app/contracts';
import { JobQueues } from './job-queues.js';
import type { Logger } from './logger.js';
import { AlbumTrackJobsRepository } from './repositories/album-track-jobs.repository.js';
import { VideoJobsRepository } from './repositories/video-jobs.repository.js';
import { LOGGER } from './tokens.js';
import { WorkerSettings } from './worker.settings.js';

export interface ReconcileReport {
  transcodes: number;
  excerpts: number;
  fingerprints: number;
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
    const report: ReconcileReport = { transcodes: 0, excerpts: 0, fingerprints: 0 };
    for (const videoId of await this.videos.findPendingTranscodeIds()) {
      if (await this.requeueTranscode(videoId)) report.transcodes++;
    }
    const excerptPending = (id: number) => this.tracks.isExcerptPending(id);
    for (const albumTrackId of await this.tracks.findPendingExcerptIds()) {
      if (await this.requeueTrackJob(JobName.TrackExcerpt, albumTrackId, excerptPending)) report.excerpts++;
    }
    const fingerprintPending = (id: number) => this.tracks.isFingerprintPending(id);
    for (const albumTrackId of await this.tracks.findPendingFingerprintIds()) {
      if (await this.requeueTrackJob(JobName.TrackFingerprint, albumTrackId, fingerprintPending)) report.fingerprints++;
    }
    if (report.transcodes + report.excerpts + report.fingerprints > 0) {
      this.log.warn(
        { ...report },
        're-queued work that Postgres says is pending but Redis had lost or had already finished',
      );
    }
    return report;
  }

  private async requeueTranscode(videoId: number): Promise<boolean> {
    const runs = await this.queues.findRuns(JobName.VideoTranscode, { videoId });
    const states = await Promise.all(runs.map((job) => job.getState()));
    if (states.some((state) => state !== 'completed' && state !== 'failed')) return false;
    if (runs.length > 0) {
      // A finished job under the same id would swallow the new enqueue. Re-read the row
      // first: the job may have just finished and switched the video to ready or failed.
      if (!(await this.videos.isTranscodePending(videoId))) return false;
      for (const job of runs) await job.remove();
    }
    await this.queues.enqueue(JobName.VideoTranscode, { videoId });
    return true;
  }

  /**
   * Queues a track's job when Redis has none, or only completed ones: the track was reset after
   * they ran (a migration asks for every track to be fingerprinted again, say). A failed run
   * stays as it is: tracks have no failed state in Postgres, so the failure is kept in Redis
   * (30 days) for staff to see and retry.
   */
  private async requeueTrackJob<N extends JobName.TrackExcerpt | JobName.TrackFingerprint>(
    name: N,
    albumTrackId: number,
    stillPending: (albumTrackId: number) => Promise<boolean>,
  ): Promise<boolean> {
    const payload = { albumTrackId } as JobPayload<N>;
    const runs = await this.queues.findRuns(name, payload);
    const states = await Promise.all(runs.map((job) => job.getState()));
    if (states.some((state) => state !== 'completed')) return false;
    if (runs.length > 0) {
      // As for transcodes: the job may have just finished and marked the track done.
      if (!(await stillPending(albumTrackId))) return false;
      for (const job of runs) await job.remove();
    }
    await this.queues.enqueue(name, payload);
    return true;
  }
}
