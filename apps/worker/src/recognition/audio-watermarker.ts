import { randomInt } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { extractAudioPcm, PcmExtractCommand, runProcess, type MediaProbe, type StorageDriver } from '@app/media';
import { toMediaLogger, type Logger } from '../logger.js';
import { VideoJobsRepository } from '../repositories/video-jobs.repository.js';
import { WatermarkCodesRepository } from '../repositories/watermark-codes.repository.js';
import { STORAGE } from '../tokens.js';
import { fetchHlsAudioWindow } from './audio-window.js';
import { RecognitionEngine, WATERMARK_CODE_BITS } from './recognition-engine.js';
import { EmbedThreads } from './embed-threads.js';
import { embedTimeline, planEmbedBlocks, toCodedSpans } from './watermark-embedding.js';
import { planTimeline, type TimelineSpan } from './watermark-timeline.js';

export interface WatermarkInput {
  videoId: number;
  /** The original, as a local file. */
  source: string;
  probe: MediaProbe;
  /** Scratch folder of the job. */
  dir: string;
  signal: AbortSignal;
  log: Logger;
}

export interface WatermarkStream {
  /**
   * The mark alone, as raw mono float PCM at `sampleRate`, made while it is read: the ladder's
   * ffmpeg resamples it and adds it to every channel of the source's audio as it comes.
   */
  pcm: Readable;
  sampleRate: number;
  /** Every code embedded, for pruning the registry once the ladder is live. */
  codes: number[];
  /** Stops the embedding if it still runs and deletes the scratch audio; call it in any case. */
  dispose(): Promise<void>;
}

export interface WatermarkStreamInput extends Omit<WatermarkInput, 'videoId'> {
  spans: readonly TimelineSpan[];
  codeOf: ReadonlyMap<number | null, number>;
  engine: RecognitionEngine;
  threads: EmbedThreads;
}

export interface ReadBackInput {
  hlsMasterKey: string;
  durationSeconds: number;
  /** The codes the ladder's audio carries. */
  codes: readonly number[];
  /** Scratch folder of the job. */
  dir: string;
  signal: AbortSignal;
  log: Logger;
}

/** Places of a finished video where its mark is read back, at most (readBack). */
const READ_BACK_PLACES = 3;

/**
 * Audio marked per block: about 31 s (nine periods of the mark, plus one on each side as
 * context). A block's mark takes about 0.1 s, so on the copy path blocks of 2, 3, 5 and 9
 * periods measured the same within noise; longer blocks spend less on context.
 */
const BLOCK_PERIODS = 9;
/** The mark fades out and in over this long where the code switches at a track boundary. */
const FADE_SECONDS = 0.01;
const BYTES_PER_SAMPLE = 4;

/**
 * Decodes the original's audio once (the engine's markHostFormat, to a scratch file: a long
 * video's audio is too big for memory) and answers the stream of the mark, each span's code
 * over its span. Blocks are marked on every core, a few ahead of the reader. Undefined when
 * the audio decodes to no samples.
 */
export async function openWatermarkStream(input: WatermarkStreamInput): Promise<WatermarkStream | undefined> {
  const started = performance.now();
  const { sampleRate, channels } = input.engine.markHostFormat;
  const raw = join(input.dir, 'audio.f32');
  const args = new PcmExtractCommand(input.source, input.probe.container.demuxer, { sampleRate, channels }).args();
  if (args[args.length - 1] !== 'pipe:1') throw new Error('Unexpected PCM extract command: no stdout output');
  args[args.length - 1] = raw;
  await runProcess('ffmpeg', ['-y', ...args], { signal: input.signal, log: toMediaLogger(input.log) });
  const decodeMs = performance.now() - started;

  const frameBytes = BYTES_PER_SAMPLE * channels;
  const file = await open(raw, 'r');
  const totalFrames = Math.floor((await file.stat()).size / frameBytes);
  if (totalFrames === 0) {
    await file.close();
    await rm(raw, { force: true });
    return undefined;
  }
  const coded = toCodedSpans(input.spans, input.codeOf, totalFrames, sampleRate);
  const { threads } = input;
  let markMs = 0;
  const pieces = embedTimeline({
    blocks: planEmbedBlocks(coded, Math.round(input.engine.watermarkPeriodSeconds * sampleRate), BLOCK_PERIODS),
    totalFrames,
    fadeFrames: Math.round(FADE_SECONDS * sampleRate),
    read: async (start, end) => {
      const pcm = new Float32Array((end - start) * channels);
      const bytes = new Uint8Array(pcm.buffer);
      for (let done = 0; done < bytes.length;) {
        const { bytesRead } = await file.read(bytes, done, bytes.length - done, start * frameBytes + done);
        if (bytesRead === 0) throw new Error('The decoded audio ended early');
        done += bytesRead;
      }
      return pcm;
    },
    mark: async (host, code) => {
      const began = performance.now();
      const mark = await threads.mark(host, channels, code);
      markMs += performance.now() - began;
      return mark;
    },
    concurrency: threads.size,
    signal: input.signal,
  });
  async function* bytes(): AsyncGenerator<Buffer> {
    for await (const mark of pieces) yield Buffer.from(mark.buffer, mark.byteOffset, mark.byteLength);
    const seconds = totalFrames / sampleRate;
    input.log.info(
      {
        seconds: +seconds.toFixed(2),
        spans: coded.length,
        threads: threads.size,
        decodeMs: Math.round(decodeMs),
        markMs: Math.round(markMs),
        xRealtime: +(seconds / ((performance.now() - started) / 1000)).toFixed(1),
      },
      'watermark made',
    );
  }
  const pcm = Readable.from(bytes(), { objectMode: false });
  let disposed: Promise<void> | undefined;
  const dispose = (): Promise<void> =>
    (disposed ??= (async () => {
      pcm.destroy();
      await file.close().catch(() => undefined);
      await rm(raw, { force: true });
    })());
  return {
    pcm,
    sampleRate: input.engine.markFormat.sampleRate,
    codes: [...new Set(coded.map((s) => s.code))],
    dispose,
  };
}

/**
 * The audio step of video.transcode, kept behind this one class: it registers one code per
 * track entry (and one for the gaps between entries) and streams the mark carrying those
 * codes, each code over its own span of the timeline.
 */
@Injectable()
export class AudioWatermarker implements OnApplicationShutdown {
  /** Started with the first transcode and kept for the process; replaced if a thread died. */
  private threads: EmbedThreads | undefined;

  constructor(
    private readonly videos: VideoJobsRepository,
    private readonly codes: WatermarkCodesRepository,
    private readonly engine: RecognitionEngine,
    @Inject(STORAGE) private readonly storage: StorageDriver,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.threads?.close();
  }

  private embedThreads(): EmbedThreads {
    if (!this.threads?.healthy) {
      void this.threads?.close();
      this.threads = new EmbedThreads();
    }
    return this.threads;
  }

  /** Undefined for a video without audio: the ladder then has none. */
  async prepare(input: WatermarkInput): Promise<WatermarkStream | undefined> {
    if (!input.probe.hasAudio) return undefined;
    const spans = await this.timeline(input.videoId, input.probe.durationSeconds);
    const codeOf = await this.assignCodes(input.videoId, spans);
    const mark = await openWatermarkStream({
      ...input,
      spans,
      codeOf,
      engine: this.engine,
      threads: this.embedThreads(),
    });
    if (!mark) input.log.warn('the audio stream decodes to no samples; the ladder keeps the source audio unmarked');
    return mark;
  }

  /**
   * Reads the mark back from the live ladder's audio rendition (what viewers hear, as the
   * analysis reads it) at up to READ_BACK_PLACES places spread over the video, stopping at the
   * first that decodes one of `codes`. Answers what staff must be told when none does (audio
   * with almost nothing between 0.5 and 7.5 kHz, a low tone or silence, cannot carry the mark),
   * undefined when the mark reads back or the video is too short to hold a whole one.
   */
  async readBack(input: ReadBackInput): Promise<string | undefined> {
    const seconds = 2 * this.engine.watermarkReadSeconds;
    if (input.durationSeconds < this.engine.watermarkReadSeconds) return undefined;
    const places = Math.max(1, Math.min(READ_BACK_PLACES, Math.floor(input.durationSeconds / seconds)));
    const length = Math.min(seconds, input.durationSeconds);
    for (let i = 0; i < places; i++) {
      const start = ((input.durationSeconds - length) * (i + 0.5)) / places;
      const window = await fetchHlsAudioWindow(this.storage, input.hlsMasterKey, start, length, input.dir);
      if (!window) return undefined;
      const pcm = await extractAudioPcm(window.path, this.engine.watermarkFormat, {
        signal: input.signal,
        log: toMediaLogger(input.log),
      });
      const code = this.engine.decodeWatermark(pcm);
      if (code !== null && input.codes.includes(code)) {
        input.log.info({ place: i + 1, places, code }, 'watermark read back from the ladder');
        return undefined;
      }
    }
    input.log.warn({ places }, 'no watermark read back from the ladder');
    return (
      `The watermark could not be read back from the finished video (${places} ${places === 1 ? 'place' : 'places'} ` +
      'tried): its audio has too little sound between 500 Hz and 7.5 kHz to carry one, so ANALYZE can name ' +
      'its tracks only by their footprints.'
    );
  }

  /** One registered code per span; re-runs reuse the codes already registered for the video. */
  async assignCodes(videoId: number, spans: readonly TimelineSpan[]): Promise<Map<number | null, number>> {
    const existing = await this.codes.findByVideo(videoId);
    const byEntry = new Map<number | null, number>();
    for (const span of spans) {
      if (byEntry.has(span.videoTrackId)) continue;
      const known = existing.find((c) =>
        span.videoTrackId === null
          ? c.videoTrackId === null && c.albumTrackId === null
          : c.videoTrackId === span.videoTrackId,
      );
      if (known) {
        if (known.albumTrackId !== span.albumTrackId) await this.codes.updateAlbumTrack(known.code, span.albumTrackId);
        byEntry.set(span.videoTrackId, known.code);
        continue;
      }
      byEntry.set(span.videoTrackId, await this.registerNewCode(videoId, span));
    }
    return byEntry;
  }

  /** Random codes make a code say nothing about the catalogue; a collision just draws again. */
  private async registerNewCode(videoId: number, span: TimelineSpan): Promise<number> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const code = randomInt(1, 2 ** WATERMARK_CODE_BITS);
      if (await this.codes.tryRegister(code, videoId, span.videoTrackId, span.albumTrackId)) return code;
    }
    throw new Error('Could not find a free watermark code');
  }

  async timeline(videoId: number, durationSeconds: number): Promise<TimelineSpan[]> {
    return planTimeline(durationSeconds, await this.videos.findTrackEntries(videoId));
  }
}
