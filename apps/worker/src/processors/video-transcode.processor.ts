import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { ImageKind, JobName, type JobPayload, JobQueues } from '@app/contracts';
import {
  computeWaveform,
  extractPosterFrame,
  MASTER_PLAYLIST,
  newStorageKey,
  probeMedia,
  putDirectory,
  scanKeyframesIfCopyPossible,
  STORYBOARD_INDEX,
  storyboardFromLadder,
  transcodeHlsLadder,
  type HlsLadderResult,
  type StorageDriver,
  waveformKeyBeside,
} from '@app/media';
import { isAbort, isFinalAttempt, readableMessage, PermanentJobError } from '../errors.js';
import type { JobContext, JobProcessor } from '../job-processor.js';
import { toMediaLogger } from '../logger.js';
import { WorkerMetrics } from '../metrics.js';
import { LadderRuns } from '../ladder-runs.js';
import { ProgressReporter } from '../progress-reporter.js';
import { VideoJobsRepository, type VideoForTranscode } from '../repositories/video-jobs.repository.js';
import { WatermarkCodesRepository } from '../repositories/watermark-codes.repository.js';
import { ScratchSpace } from '../scratch-space.js';
import { STORAGE } from '../tokens.js';
import { AudioWatermarker } from '../recognition/audio-watermarker.js';

type Payload = JobPayload<JobName.VideoTranscode>;

export interface TranscodeResult {
  hlsMasterKey: string;
  renditions: string[];
  durationSeconds: number;
  watermarked: boolean;
  wallMs: number;
  /** The storyboard's part of wallMs and its size (0 when it failed; bench:media reads them). */
  storyboard: { key: string | null; ms: number; bytes: number };
}

/** The storyboard's folder inside a ladder's prefix. */
export const STORYBOARD_DIR = 'storyboard';

/** Where the phases of a transcode sit on the 0..100 progress bar staff see. */
const PHASE = { prepared: 5, encoded: 90, uploaded: 98 } as const;

/**
 * video.transcode (DESIGN.md §5): probe the original, embed the watermark in its audio, write
 * the HLS ladder to a fresh prefix, and only then point the video at it. A re-run after a
 * crash writes a new prefix and removes the abandoned ones, so the result is one ladder.
 */
@Injectable()
export class VideoTranscodeProcessor implements JobProcessor<
  JobName.VideoTranscode,
  TranscodeResult | { skipped: string }
> {
  readonly jobName = JobName.VideoTranscode;

  constructor(
    private readonly videos: VideoJobsRepository,
    private readonly codes: WatermarkCodesRepository,
    private readonly watermarker: AudioWatermarker,
    private readonly scratch: ScratchSpace,
    private readonly runs: LadderRuns,
    private readonly queues: JobQueues,
    private readonly metrics: WorkerMetrics,
    @Inject(STORAGE) private readonly storage: StorageDriver,
  ) {}

  async process(job: Job<Payload>, context: JobContext): Promise<TranscodeResult | { skipped: string }> {
    const { videoId } = job.data;
    const video = await this.videos.findForTranscode(videoId);
    if (!video) {
      // Deleted while queued: nothing left to do, and nothing failed.
      context.log.info({ videoId }, 'video no longer exists; transcode skipped');
      return { skipped: 'video deleted' };
    }
    if (!video.originalKey) {
      const message = 'The video has no uploaded file to transcode';
      await this.videos.markFailed(videoId, message);
      throw new PermanentJobError(message);
    }

    await this.videos.markProcessing(videoId);
    const progress = new ProgressReporter(
      [(percent) => context.reportProgress(percent), (percent) => this.videos.updateProgress(videoId, percent)],
      context.log,
    );
    try {
      return await this.scratch.withDir((dir) => this.transcode(video, dir, context, progress));
    } catch (error) {
      await progress.settle();
      if (isAbort(error, context.signal)) {
        await this.videos.markQueuedAgain(videoId, null);
      } else if (isFinalAttempt(job, error)) {
        await this.videos.markFailed(videoId, readableMessage(error));
        await this.discardAbandoned(videoId, context);
      } else {
        await this.videos.markQueuedAgain(
          videoId,
          `Attempt ${job.attemptsMade + 1} failed, retrying: ${readableMessage(error)}`,
        );
      }
      throw error;
    }
  }

  private async transcode(
    video: VideoForTranscode,
    dir: string,
    context: JobContext,
    progress: ProgressReporter,
  ): Promise<TranscodeResult | { skipped: string }> {
    const started = performance.now();
    const tools = { signal: context.signal, log: toMediaLogger(context.log) };
    const source = await this.scratch.fetch(video.originalKey!, dir, 'original');
    const probe = await probeMedia(source, 'video', tools);
    context.log.info(
      {
        width: probe.video?.width,
        height: probe.video?.height,
        codec: probe.video?.codec,
        seconds: probe.durationSeconds,
      },
      'original probed',
    );

    // The keyframe scan (needed only when the top rendition could be a remux) runs while the
    // audio decodes; the watermark is made while ffmpeg already writes the ladder and adds it.
    const [audio, scan] = await Promise.allSettled([
      this.watermarker.prepare({ videoId: video.id, source, probe, dir, signal: context.signal, log: context.log }),
      scanKeyframesIfCopyPossible(source, probe, {}, tools),
    ]);
    if (audio.status === 'rejected' || scan.status === 'rejected') {
      if (audio.status === 'fulfilled') await audio.value?.dispose();
      throw audio.status === 'rejected' ? audio.reason : (scan as PromiseRejectedResult).reason;
    }
    const mark = audio.value;
    const keyframes = scan.value;
    progress.report(PHASE.prepared);

    const prefix = `hls/${video.id}/${runId()}/`;
    let ladder: HlsLadderResult;
    try {
      await this.runs.begin(video.id, prefix);
      ladder = await transcodeHlsLadder({
        ...tools,
        source,
        probe,
        keyframes,
        outputDir: join(dir, 'hls'),
        audioMark: mark,
        onProgress: ({ fraction }) => progress.report(PHASE.prepared + fraction * (PHASE.encoded - PHASE.prepared)),
      });
    } finally {
      await mark?.dispose();
    }
    context.log.info(
      {
        renditions: ladder.renditions.map((r) => `${r.name}:${r.mode}`),
        encodeMs: Math.round(ladder.wallMs),
        xRealtime: +(probe.durationSeconds / (ladder.wallMs / 1000)).toFixed(2),
      },
      'ladder written',
    );
    this.metrics.transcodeSpeed.observe(probe.durationSeconds / (ladder.wallMs / 1000));
    const storyboard = await this.addStoryboard(ladder, probe.durationSeconds, prefix, tools, context);
    progress.report(PHASE.encoded);
    await this.addWaveform(source, join(ladder.outputDir, waveformKeyBeside(MASTER_PLAYLIST)), tools, context);
    await putDirectory(this.storage, ladder.outputDir, prefix);
    progress.report(PHASE.uploaded);

    if (!video.thumbnailKey) await this.addPoster(video.id, source, dir, probe, tools);

    await progress.settle();
    const masterKey = prefix + MASTER_PLAYLIST;
    const { switched, previousMasterKey } = await this.videos.switchToReady(
      video.id,
      video.originalKey!,
      masterKey,
      probe.durationSeconds,
      storyboard.key,
    );
    if (!switched) {
      // Deleted, or a new file was uploaded while we worked (its own run follows): drop this ladder.
      await this.storage.deletePrefix(prefix);
      await this.runs.forget(video.id, [prefix]);
      context.log.info('video deleted or its original replaced during the transcode; ladder discarded');
      return { skipped: 'video deleted or original replaced' };
    }
    await context.reportProgress(100);
    context.log.info({ hlsMasterKey: masterKey }, 'video switched to the new ladder');

    // The new ladder is live: everything below is cleanup, and a failure of it must not fail the job.
    await this.cleanUp(video.id, prefix, previousMasterKey, mark?.codes, context);
    return {
      hlsMasterKey: masterKey,
      renditions: ladder.renditions.map((r) => r.name),
      durationSeconds: probe.durationSeconds,
      watermarked: Boolean(mark),
      wallMs: Math.round(performance.now() - started),
      storyboard,
    };
  }

  /**
   * The seek-bar storyboard, written into the ladder's folder so it is uploaded with it (and
   * served and removed with it). A failure leaves the video without one, not unplayable: the
   * reconciler asks for it again as a video.storyboard job.
   */
  private async addStoryboard(
    ladder: HlsLadderResult,
    durationSeconds: number,
    prefix: string,
    tools: { signal: AbortSignal; log: ReturnType<typeof toMediaLogger> },
    context: JobContext,
  ): Promise<TranscodeResult['storyboard']> {
    const started = performance.now();
    try {
      const storyboard = await storyboardFromLadder({
        ...tools,
        ladderDir: ladder.outputDir,
        renditions: ladder.renditions,
        durationSeconds,
        outputDir: join(ladder.outputDir, STORYBOARD_DIR),
      });
      context.log.info(
        { sheets: storyboard.files.length - 1, bytes: storyboard.bytes, ms: Math.round(storyboard.wallMs) },
        'storyboard written',
      );
      const key = `${prefix}${STORYBOARD_DIR}/${STORYBOARD_INDEX}`;
      return { key, ms: Math.round(performance.now() - started), bytes: storyboard.bytes };
    } catch (error) {
      if (isAbort(error, context.signal)) throw error;
      context.log.warn({ err: error }, 'storyboard failed; the video is published without one');
      return { key: null, ms: Math.round(performance.now() - started), bytes: 0 };
    }
  }

  private async addPoster(
    videoId: number,
    source: string,
    dir: string,
    probe: Awaited<ReturnType<typeof probeMedia>>,
    tools: { signal: AbortSignal },
  ): Promise<void> {
    const file = await extractPosterFrame(source, join(dir, 'poster.jpg'), { ...tools, probe });
    const key = newStorageKey('posters', 'jpg');
    await this.storage.putFile(key, file.output, 'image/jpeg');
    if (await this.videos.setThumbnailIfMissing(videoId, key)) {
      await this.queues.enqueue(JobName.ImageResize, { kind: ImageKind.Video, id: videoId });
    } else {
      // Staff uploaded a thumbnail while we worked: theirs wins.
      await this.storage.delete(key);
    }
  }

  /**
   * The audio's waveform for the track wizard, written into the ladder folder so it is
   * published, replaced and deleted with the ladder. A video without audio (or a decode
   * failure) simply has none: the wizard then shows its timeline without it.
   */
  private async addWaveform(
    source: string,
    path: string,
    tools: { signal: AbortSignal },
    context: JobContext,
  ): Promise<void> {
    try {
      const waveform = await computeWaveform(source, tools);
      await writeFile(path, JSON.stringify(waveform));
    } catch (error) {
      if (isAbort(error)) throw error;
      context.log.warn({ err: error }, 'no waveform for this video');
    }
  }

  /** After a final failure: remove half-written ladders, keep the one the video still plays. */
  private async discardAbandoned(videoId: number, context: JobContext): Promise<void> {
    try {
      const live = await this.videos.findHlsMasterKey(videoId);
      const livePrefix = live ? live.slice(0, live.lastIndexOf('/') + 1) : '';
      const stale = await this.runs.abandoned(videoId, livePrefix);
      for (const prefix of stale) await this.storage.deletePrefix(prefix);
      await this.runs.forget(videoId, stale);
    } catch (error) {
      context.log.warn({ err: error }, 'could not remove half-written ladders');
    }
  }

  private async cleanUp(
    videoId: number,
    livePrefix: string,
    previousMasterKey: string | null,
    codes: number[] | undefined,
    context: JobContext,
  ): Promise<void> {
    try {
      const stale = await this.runs.abandoned(videoId, livePrefix);
      const previousPrefix = previousMasterKey
        ? previousMasterKey.slice(0, previousMasterKey.lastIndexOf('/') + 1)
        : '';
      // Only ever delete ladder folders (never a bare `hls/` or an unrelated key).
      if (/^hls\/.+\/$/.test(previousPrefix) && previousPrefix !== livePrefix && !stale.includes(previousPrefix)) {
        stale.push(previousPrefix);
      }
      for (const prefix of stale) {
        const removed = await this.storage.deletePrefix(prefix);
        context.log.info({ prefix, removed }, 'removed an old ladder');
      }
      await this.runs.forget(videoId, [...stale, livePrefix]);
      if (codes) await this.codes.deleteUnused(videoId, codes);
    } catch (error) {
      context.log.warn({ err: error }, 'cleanup after transcode failed; old files stay until the next run');
    }
  }
}

/** Sortable by time, unique across workers. */
function runId(): string {
  return `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`;
}
