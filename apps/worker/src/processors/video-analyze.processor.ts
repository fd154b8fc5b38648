import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { ANALYSIS_WINDOW_SECONDS, JobName, type JobPayload } from '@app/contracts';
import { extractAudioPcm, type StorageDriver } from '@app/media';
import { PermanentJobError } from '../errors.js';
import type { JobContext, JobProcessor } from '../job-processor.js';
import { toMediaLogger } from '../logger.js';
import { analysisSpans } from '../recognition/analysis-spans.js';
import { fetchHlsAudioWindow } from '../recognition/audio-window.js';
import { RecognitionEngine, type EngineFormat } from '../recognition/recognition-engine.js';
import { VideoJobsRepository } from '../repositories/video-jobs.repository.js';
import { ScratchSpace } from '../scratch-space.js';
import { STORAGE } from '../tokens.js';

type Payload = JobPayload<JobName.VideoAnalyze>;

/**
 * One stretch of the window that one track entry owns (analysis-spans.ts), on the video's
 * timeline: the watermark and footprint of that entry's audio alone.
 */
export interface AnalyzeSpan {
  start: number;
  end: number;
  watermark: number | null;
  footprint: number[];
}

/**
 * The answer the api waits for: the window cut where its track entries change. The api
 * answers the span at the viewer's playback position (spanAt), so the answer names the
 * track playing there; one job serves every position in the window.
 */
export interface AnalyzeResult {
  spans: AnalyzeSpan[];
}

/**
 * video.analyze (DESIGN.md §5): the 30 s window at `offset` of the video's own audio, taken
 * from the HLS audio rendition (what viewers hear, watermark included; only the segments
 * around the window are read), then the watermark decoded and the fingerprint computed. The
 * api waits for the return value with a timeout, so this stays a few hundred milliseconds.
 */
@Injectable()
export class VideoAnalyzeProcessor implements JobProcessor<JobName.VideoAnalyze, AnalyzeResult> {
  readonly jobName = JobName.VideoAnalyze;

  constructor(
    private readonly videos: VideoJobsRepository,
    private readonly engine: RecognitionEngine,
    private readonly scratch: ScratchSpace,
    @Inject(STORAGE) private readonly storage: StorageDriver,
  ) {}

  async process(job: Job<Payload>, context: JobContext): Promise<AnalyzeResult> {
    const { videoId, offset } = job.data;
    if (!Number.isFinite(offset) || offset < 0)
      throw new PermanentJobError('The offset must be a number of seconds, 0 or more');
    const video = await this.videos.findForAnalysis(videoId);
    if (!video) throw new PermanentJobError('The video does not exist');
    if (video.duration > 0 && offset >= video.duration) {
      throw new PermanentJobError(
        `The offset ${offset} s lies past the end of the video (${Math.floor(video.duration)} s)`,
      );
    }

    const end =
      video.duration > 0
        ? Math.min(video.duration, offset + ANALYSIS_WINDOW_SECONDS)
        : offset + ANALYSIS_WINDOW_SECONDS;
    const spans = analysisSpans(offset, end, await this.videos.findTrackEntries(videoId));

    // Where each part's mark is read: its own audio, or, when the window cuts an entry short,
    // more of that entry's audio around the window (the whole entry carries one code; a window
    // may hold only its first or last seconds): before the window when too little is left, and
    // after it, up to the entry's end, while the part holds less than a sure decode wants.
    const need = this.engine.watermarkReadSeconds;
    const markFrom = spans.map((s) =>
      s.audioEnd - s.audioStart >= need
        ? s.audioStart
        : Math.min(s.audioStart, Math.max(s.entryStart, s.audioEnd - need)),
    );
    const markTo = spans.map((s, i) =>
      s.audioEnd >= end && video.duration > 0
        ? Math.max(s.audioEnd, Math.min(s.entryEnd, video.duration, markFrom[i]! + 2 * need))
        : s.audioEnd,
    );
    const lead = Math.max(0, offset - Math.min(offset, ...markFrom));
    const tail = Math.max(0, Math.max(end, ...markTo) - end);

    return this.scratch.withDir(async (dir) => {
      const tools = { signal: context.signal, log: toMediaLogger(context.log) };
      const started = performance.now();
      const source = await this.locateWindow(video, offset - lead, ANALYSIS_WINDOW_SECONDS + lead + tail, dir);
      if (!source) return { spans: spans.map(({ start, end }) => ({ start, end, watermark: null, footprint: [] })) };
      const fetched = performance.now();

      // [from, from + seconds) of the fetched audio, from = seconds after its start (offset - lead).
      const decode = async (format: EngineFormat, from: number, seconds: number) =>
        source.seek
          ? extractAudioPcm(source.path, format, { ...tools, start: offset - lead + from, duration: seconds })
          : slice(await extractAudioPcm(source.path, format, tools), format, source.startInFile + from, seconds);
      const [marked, mono] = await Promise.all([
        source.watermarked ? decode(this.engine.watermarkFormat, 0, ANALYSIS_WINDOW_SECONDS + lead + tail) : undefined,
        decode(this.engine.fingerprintFormat, lead, ANALYSIS_WINDOW_SECONDS),
      ]);
      const decoded = performance.now();
      const result: AnalyzeSpan[] = [];
      for (const [i, span] of spans.entries()) {
        // Seconds into the window of the audio this span's entry plays.
        const from = span.audioStart - offset;
        const to = span.audioEnd - offset;
        const footprint = this.engine.footprint(mono, from, to);
        // Both steps are pure computation: let the job's lock renewal (and other jobs) run between them.
        await yieldToEventLoop();
        const markedFrom = markFrom[i]! - (offset - lead);
        const markedTo = markTo[i]! - (offset - lead);
        const watermark = marked ? this.engine.decodeWatermark(marked, markedFrom, markedTo) : null;
        await yieldToEventLoop();
        result.push({ start: span.start, end: span.end, watermark, footprint });
      }
      context.log.info(
        {
          fetchMs: Math.round(fetched - started),
          decodeMs: Math.round(decoded - fetched),
          recognitionMs: Math.round(performance.now() - decoded),
          spans: result.map((r) => ({
            start: r.start,
            end: r.end,
            watermark: r.watermark,
            landmarks: r.footprint.length / 2,
          })),
        },
        'analysis window processed',
      );
      return { spans: result };
    });
  }

  /**
   * The audio to analyse: the ladder's audio rendition (what viewers hear, watermark
   * included; only the segments around the window) or, before the first transcode, the
   * original (no watermark yet, but its fingerprint still answers).
   */
  private async locateWindow(
    video: { hlsMasterKey: string | null; originalKey: string | null },
    offset: number,
    seconds: number,
    dir: string,
  ): Promise<{ path: string; startInFile: number; seek: boolean; watermarked: boolean } | undefined> {
    if (video.hlsMasterKey) {
      const window = await fetchHlsAudioWindow(this.storage, video.hlsMasterKey, offset, seconds, dir);
      return window && { ...window, seek: false, watermarked: true };
    }
    if (video.originalKey) {
      const path = await this.scratch.fetch(video.originalKey, dir, 'original');
      return { path, startInFile: offset, seek: true, watermarked: false };
    }
    throw new PermanentJobError('The video has no audio of its own to analyse');
  }
}

/** [start, start+seconds) of interleaved samples, without copying. */
function slice(pcm: Float32Array, format: EngineFormat, startSeconds: number, seconds: number): Float32Array {
  const frame = format.channels;
  const from = Math.round(startSeconds * format.sampleRate) * frame;
  const to = from + Math.round(seconds * format.sampleRate) * frame;
  return pcm.subarray(Math.min(from, pcm.length), Math.min(to, pcm.length));
}
