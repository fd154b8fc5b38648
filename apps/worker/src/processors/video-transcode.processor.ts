import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { ImageKind, JobName, type JobPayload, JobQueues } from '@app/contracts';
import {
  computeWaveform,
  extractPosterFrame,
  AUDIO_RENDITION,
  MASTER_PLAYLIST,
  newStorageKey,
  probeMedia,
  putDirectory,
  scanKeyframesIfCopyPossible,
  STORYBOARD_INDEX,
  storyboardFromLadder,
  transcodeHlsAudio,
  transcodeHlsLadder,
  type HlsLadderResult,
  type MediaProbe,
  type StorageDriver,
  type UploadLadder,
  uploadLadderKeyBeside,
  uploadRecordKeyBeside,
  waveformKeyBeside,
} from '@app/media';
import { isAbort, isFinalAttempt, lostLock, readableMessage, PermanentJobError } from '../errors.js';
import type { JobContext, JobProcessor } from '../job-processor.js';
import { toMediaLogger } from '../logger.js';
import { WorkerMetrics } from '../metrics.js';
import { LadderRuns } from '../ladder-runs.js';
import { ProgressReporter, type StageSpan } from '../progress-reporter.js';
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

/**
 * Where the stages of a run sit on the 0..100 bar staff see, each span about its share of the
 * time for a 720p clip (the time left of later stages is costed by these shares).
 */
const STAGES = {
  probe: { from: 0, to: 3 },
  watermark: { from: 3, to: 8 },
  renditions: { from: 8, to: 85 },
  storyboard: { from: 85, to: 90 },
  waveform: { from: 90, to: 92 },
  packaging: { from: 92, to: 98 },
  poster: { from: 98, to: 100 },
} as const satisfies Record<string, StageSpan>;

/** After Save, when the renditions were written at the upload's end: the marked audio is most of the work. */
const AUDIO_STAGES = {
  probe: { from: 0, to: 5 },
  watermark: { from: 5, to: 85 },
  packaging: { from: 85, to: 95 },
  poster: { from: 95, to: 100 },
} as const satisfies Record<string, StageSpan>;

/** The stage names staff read ("Transcoding 720p, 480p · 45 %"). */
export const STAGE = {
  probe: 'probe',
  watermark: 'audio and watermark',
  storyboard: 'storyboard',
  waveform: 'waveform',
  packaging: 'packaging',
  poster: 'poster',
} as const;

type Tools = { signal: AbortSignal; log: ReturnType<typeof toMediaLogger> };

/**
 * video.transcode (DESIGN.md §5): probe the original, embed the watermark in its audio, write
 * the HLS ladder to a fresh prefix, and only then point the video at it. A re-run after a
 * crash writes a new prefix and removes the abandoned ones, so the result is one ladder.
 *
 * Queued at the upload's end (payload with `uploadKey`, the video id reserved, no row yet),
 * it writes the ladder with the source's audio unmarked while staff fill in the form, and
 * records it beside the original (UploadLadder). The run after Save finds that record and
 * only marks the audio (the tracks give the watermark's codes) and makes the poster. A run
 * whose upload was discarded (replaced, abandoned, deleted) meanwhile removes what it wrote.
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
    const { videoId, uploadKey } = job.data;
    const video = await this.videos.findForTranscode(videoId);
    if (!video && uploadKey) return this.processUpload(job, videoId, uploadKey, context);
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
      [(p) => context.reportProgress(p), (p) => this.videos.updateProgress(videoId, p.percent)],
      context.log,
    );
    const written = await this.readUploadLadder(video.originalKey, videoId);
    try {
      return await this.scratch.withDir((dir) =>
        written
          ? this.markAudio(video, written, dir, context, progress)
          : this.transcode(video, dir, context, progress),
      );
    } catch (error) {
      await progress.settle();
      if (isAbort(error, context.signal)) {
        // With its lock lost, another worker runs the job now and keeps the row up to date.
        if (!lostLock(context.signal)) await this.videos.markQueuedAgain(videoId, null);
      } else if (isFinalAttempt(job, error)) {
        await this.videos.markFailed(videoId, readableMessage(error));
        // The upload's ladder goes with the other unfinished ones: a retry transcodes it all.
        if (written) await this.storage.delete(uploadLadderKeyBeside(video.originalKey)).catch(() => undefined);
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
    const { tools, source, probe } = await this.fetchAndProbe(video.originalKey!, dir, context, progress, STAGES);
    progress.begin(STAGE.watermark, STAGES.watermark);

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

    const prefix = `hls/${video.id}/${runId()}/`;
    const { ladder, storyboard } = await this.writeRun(video.id, prefix, context, async () => {
      let ladder: HlsLadderResult;
      try {
        ladder = await transcodeHlsLadder({
          ...tools,
          source,
          probe,
          keyframes,
          outputDir: join(dir, 'hls'),
          audioMark: mark,
          onPlan: (plan) => progress.begin(renditionsStage(plan.renditions), STAGES.renditions),
          onProgress: ({ fraction }) => progress.advance(fraction),
        });
      } finally {
        await mark?.dispose();
      }
      const storyboard = await this.finishLadder(ladder, source, probe, prefix, tools, context, progress);
      if (!video.thumbnailKey) {
        progress.begin(STAGE.poster, STAGES.poster);
        await this.addPoster(video.id, source, dir, probe, tools);
      }
      return { ladder, storyboard };
    });

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
    await context.reportProgress({ percent: 100, stage: '', secondsLeft: 0 });
    context.log.info({ hlsMasterKey: masterKey }, 'video switched to the new ladder');
    await this.checkMark(video.id, masterKey, probe.durationSeconds, mark?.codes, dir, context);

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
   * Runs `write`, which fills the run's fresh prefix. If it fails or is stopped, what it wrote
   * is removed at once (it never went live); if this process dies instead, the prefix stays
   * recorded in LadderRuns and the run that succeeds removes it. A stopped run (its lock lost
   * to another worker) ends here, before it could switch the video to its ladder.
   */
  private async writeRun<T>(videoId: number, prefix: string, context: JobContext, write: () => Promise<T>): Promise<T> {
    await this.runs.begin(videoId, prefix);
    try {
      const result = await write();
      context.signal.throwIfAborted();
      return result;
    } catch (error) {
      try {
        await this.storage.deletePrefix(prefix);
        await this.runs.forget(videoId, [prefix]);
      } catch (cleanupError) {
        context.log.warn({ err: cleanupError, prefix }, 'could not remove a half-written ladder; the next run does');
      }
      throw error;
    }
  }

  /** Every run's first stage: its tools, then the original fetched into scratch and probed. */
  private async fetchAndProbe(
    key: string,
    dir: string,
    context: JobContext,
    progress: ProgressReporter,
    stages: { probe: StageSpan },
  ): Promise<{ tools: Tools; source: string; probe: MediaProbe }> {
    const tools = { signal: context.signal, log: toMediaLogger(context.log) };
    progress.begin(STAGE.probe, stages.probe);
    const source = await this.scratch.fetch(key, dir, 'original');
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
    return { tools, source, probe };
  }

  /** After ffmpeg: the storyboard and waveform into the ladder's folder, then the folder to storage. */
  private async finishLadder(
    ladder: HlsLadderResult,
    source: string,
    probe: MediaProbe,
    prefix: string,
    tools: Tools,
    context: JobContext,
    progress: ProgressReporter,
  ): Promise<TranscodeResult['storyboard']> {
    context.log.info(
      {
        renditions: ladder.renditions.map((r) => `${r.name}:${r.mode}`),
        encodeMs: Math.round(ladder.wallMs),
        xRealtime: +(probe.durationSeconds / (ladder.wallMs / 1000)).toFixed(2),
      },
      'ladder written',
    );
    this.metrics.transcodeSpeed.observe(probe.durationSeconds / (ladder.wallMs / 1000));
    progress.begin(STAGE.storyboard, STAGES.storyboard);
    const storyboard = await this.addStoryboard(ladder, probe.durationSeconds, prefix, tools, context);
    progress.begin(STAGE.waveform, STAGES.waveform);
    await this.addWaveform(source, join(ladder.outputDir, waveformKeyBeside(MASTER_PLAYLIST)), tools, context);
    progress.begin(STAGE.packaging, STAGES.packaging);
    await putDirectory(this.storage, ladder.outputDir, prefix, { signal: tools.signal });
    return storyboard;
  }

  /**
   * The run queued by the upload's end, before Save: the ladder with the source's audio as it
   * is, recorded beside the original for the run after Save. Only the job reports progress
   * (there is no row yet); a final failure removes what it wrote, and Save queues a full run.
   */
  private async processUpload(
    job: Job<Payload>,
    videoId: number,
    uploadKey: string,
    context: JobContext,
  ): Promise<TranscodeResult | { skipped: string }> {
    if (!(await this.storage.exists(uploadRecordKeyBeside(uploadKey)))) {
      context.log.info({ videoId, uploadKey }, 'upload discarded before its transcode; skipped');
      return { skipped: 'upload discarded' };
    }
    const progress = new ProgressReporter([(p) => context.reportProgress(p)], context.log);
    try {
      return await this.scratch.withDir((dir) => this.transcodeUpload(videoId, uploadKey, dir, context, progress));
    } catch (error) {
      await progress.settle();
      if (!isAbort(error, context.signal) && isFinalAttempt(job, error)) await this.discardAbandoned(videoId, context);
      throw error;
    }
  }

  private async transcodeUpload(
    videoId: number,
    uploadKey: string,
    dir: string,
    context: JobContext,
    progress: ProgressReporter,
  ): Promise<TranscodeResult | { skipped: string }> {
    const started = performance.now();
    const { tools, source, probe } = await this.fetchAndProbe(uploadKey, dir, context, progress, STAGES);
    const keyframes = await scanKeyframesIfCopyPossible(source, probe, {}, tools);
    const prefix = `hls/${videoId}/${runId()}/`;
    const { ladder, storyboard } = await this.writeRun(videoId, prefix, context, async () => {
      const ladder = await transcodeHlsLadder({
        ...tools,
        source,
        probe,
        keyframes,
        outputDir: join(dir, 'hls'),
        onPlan: (plan) => progress.begin(renditionsStage(plan.renditions), STAGES.renditions),
        onProgress: ({ fraction }) => progress.advance(fraction),
      });
      return { ladder, storyboard: await this.finishLadder(ladder, source, probe, prefix, tools, context, progress) };
    });
    const written: UploadLadder = {
      videoId,
      prefix,
      masterKey: prefix + MASTER_PLAYLIST,
      durationSeconds: probe.durationSeconds,
      storyboardKey: storyboard.key,
    };
    const recordKey = uploadLadderKeyBeside(uploadKey);
    await this.storage.put(recordKey, Buffer.from(JSON.stringify(written)), 'application/json');
    // Checked after the record is written, so a discard that ran meanwhile is seen here or
    // removes the record itself: saved (a row with this original), or still waiting for Save.
    const row = await this.videos.findForTranscode(videoId);
    const wanted = row ? row.originalKey === uploadKey : await this.storage.exists(uploadRecordKeyBeside(uploadKey));
    if (!wanted) {
      await this.storage.delete(recordKey);
      await this.storage.deletePrefix(`hls/${videoId}/`);
      await this.runs.forget(videoId, [prefix]);
      context.log.info({ videoId, uploadKey }, 'upload discarded during its transcode; ladder removed');
      return { skipped: 'upload discarded' };
    }
    progress.report(100);
    await progress.settle();
    context.log.info(
      { videoId, prefix, saved: Boolean(row) },
      'ladder of the upload written; the audio waits for Save',
    );
    return {
      hlsMasterKey: written.masterKey,
      renditions: ladder.renditions.map((r) => r.name),
      durationSeconds: probe.durationSeconds,
      watermarked: false,
      wallMs: Math.round(performance.now() - started),
      storyboard,
    };
  }

  /** The ladder written before Save for this video's original, if any. */
  private async readUploadLadder(originalKey: string, videoId: number): Promise<UploadLadder | undefined> {
    let text: string;
    try {
      const object = await this.storage.get(uploadLadderKeyBeside(originalKey));
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
      text = Buffer.concat(chunks).toString('utf8');
    } catch {
      return undefined;
    }
    try {
      const written = JSON.parse(text) as UploadLadder;
      return written.videoId === videoId && written.prefix.startsWith(`hls/${videoId}/`) ? written : undefined;
    } catch {
      // Half written (a crash while storing it): the ladder is transcoded again.
      return undefined;
    }
  }

  /**
   * After Save, on the ladder written at the upload's end: the audio rendition again with the
   * watermark of the saved tracks (replacing the unmarked one, which nobody has played: the
   * video was never ready), the poster, then the switch to ready.
   */
  private async markAudio(
    video: VideoForTranscode,
    written: UploadLadder,
    dir: string,
    context: JobContext,
    progress: ProgressReporter,
  ): Promise<TranscodeResult | { skipped: string }> {
    const started = performance.now();
    const { tools, source, probe } = await this.fetchAndProbe(video.originalKey!, dir, context, progress, AUDIO_STAGES);
    progress.begin(STAGE.watermark, AUDIO_STAGES.watermark);
    const mark = await this.watermarker.prepare({
      videoId: video.id,
      source,
      probe,
      dir,
      signal: context.signal,
      log: context.log,
    });
    if (mark) {
      const outputDir = join(dir, 'marked');
      try {
        await transcodeHlsAudio({
          ...tools,
          source,
          probe,
          outputDir,
          audioMark: mark,
          onProgress: ({ fraction }) => progress.advance(fraction),
        });
      } finally {
        await mark.dispose();
      }
      progress.begin(STAGE.packaging, AUDIO_STAGES.packaging);
      await this.storage.deletePrefix(`${written.prefix}${AUDIO_RENDITION}/`);
      await putDirectory(this.storage, outputDir, written.prefix, { signal: tools.signal });
    }
    if (!video.thumbnailKey) {
      progress.begin(STAGE.poster, AUDIO_STAGES.poster);
      await this.addPoster(video.id, source, dir, probe, tools);
    }
    await progress.settle();
    const { switched, previousMasterKey } = await this.videos.switchToReady(
      video.id,
      video.originalKey!,
      written.masterKey,
      written.durationSeconds,
      written.storyboardKey,
    );
    if (!switched) {
      await this.storage.deletePrefix(written.prefix);
      await this.runs.forget(video.id, [written.prefix]);
      context.log.info('video deleted during the audio step; ladder discarded');
      return { skipped: 'video deleted' };
    }
    await context.reportProgress({ percent: 100, stage: '', secondsLeft: 0 });
    await this.storage
      .delete(uploadLadderKeyBeside(video.originalKey!))
      .catch((error: unknown) => context.log.warn({ err: error }, 'could not remove the upload ladder record'));
    context.log.info({ hlsMasterKey: written.masterKey }, 'audio marked; video switched to the ladder of its upload');
    await this.checkMark(video.id, written.masterKey, written.durationSeconds, mark?.codes, dir, context);
    await this.cleanUp(video.id, written.prefix, previousMasterKey, mark?.codes, context);
    return {
      hlsMasterKey: written.masterKey,
      renditions: [],
      durationSeconds: written.durationSeconds,
      watermarked: Boolean(mark),
      wallMs: Math.round(performance.now() - started),
      storyboard: { key: written.storyboardKey, ms: 0, bytes: 0 },
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
    tools: Tools,
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
    probe: MediaProbe,
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

  /**
   * Once the ladder is live: the mark read back from its audio, and staff told when none reads
   * (Video.watermarkWarning). A failure here leaves the video playing as it is.
   */
  private async checkMark(
    videoId: number,
    hlsMasterKey: string,
    durationSeconds: number,
    codes: number[] | undefined,
    dir: string,
    context: JobContext,
  ): Promise<void> {
    if (!codes) return;
    try {
      const warning = await this.watermarker.readBack({
        hlsMasterKey,
        durationSeconds,
        codes,
        dir,
        signal: context.signal,
        log: context.log,
      });
      if (warning) await this.videos.setWatermarkWarning(videoId, hlsMasterKey, warning);
    } catch (error) {
      context.log.warn({ err: error }, 'could not read the watermark back from the ladder');
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

/** The renditions ffmpeg writes in one run, as staff read them: "720p, 480p, 360p". */
function renditionsStage(renditions: readonly { name: string }[]): string {
  return renditions.map((r) => r.name).join(', ');
}
