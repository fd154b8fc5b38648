import { randomInt } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { createWavWriter, PcmExtractCommand, runProcess, type MediaProbe } from '@app/media';
import { toMediaLogger, type Logger } from '../logger.js';
import { VideoJobsRepository } from '../repositories/video-jobs.repository.js';
import { WatermarkCodesRepository } from '../repositories/watermark-codes.repository.js';
import { RecognitionEngine, WATERMARK_CODE_BITS } from './recognition-engine.js';
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

export interface WatermarkedAudio {
  /** WAV that replaces the source's audio in the ladder. */
  wavPath: string;
  /** Every code embedded, for pruning the registry once the ladder is live. */
  codes: number[];
}

/** Audio embedded per call: about half a minute (the embedder holds the event loop meanwhile). */
const BLOCK_SECONDS = 30;
/** The mark fades out and in over this long where the code switches at a track boundary. */
const FADE_SECONDS = 0.01;
const BYTES_PER_SAMPLE = 4;

interface EmbeddedFile {
  seconds: number;
  embedMs: number;
  codes: number[];
}

/**
 * The audio step of video.transcode, kept behind this one class: it registers one code per
 * track entry (and one for the gaps between entries) and writes the audio with those codes
 * embedded, each code over its own span of the timeline.
 */
@Injectable()
export class AudioWatermarker {
  constructor(
    private readonly videos: VideoJobsRepository,
    private readonly codes: WatermarkCodesRepository,
    private readonly engine: RecognitionEngine,
  ) {}

  /**
   * Decodes the original's audio once (48 kHz stereo float, to a scratch file), embeds each
   * span's code over its span, piece by piece in timeline order, and writes the WAV the ladder
   * encodes as its audio. Undefined for a video without audio: the ladder then has none.
   */
  async prepare(input: WatermarkInput): Promise<WatermarkedAudio | undefined> {
    if (!input.probe.hasAudio) return undefined;
    const started = performance.now();
    const spans = await this.timeline(input.videoId, input.probe.durationSeconds);
    const codeOf = await this.assignCodes(input.videoId, spans);

    const raw = join(input.dir, 'audio.f32');
    const wavPath = join(input.dir, 'watermarked.wav');
    let embedded: EmbeddedFile | undefined;
    try {
      await this.decodeAudio(input, raw);
      const decodeMs = performance.now() - started;
      embedded = await this.embedFile(raw, wavPath, spans, codeOf, input.signal);
      if (!embedded) {
        input.log.warn('the audio stream decodes to no samples; the ladder keeps the source audio');
        return undefined;
      }
      const totalMs = performance.now() - started;
      input.log.info(
        {
          seconds: +embedded.seconds.toFixed(2),
          spans: spans.length,
          codes: embedded.codes.length,
          decodeMs: Math.round(decodeMs),
          embedMs: Math.round(embedded.embedMs),
          embedXRealtime: +(embedded.seconds / (embedded.embedMs / 1000)).toFixed(1),
          xRealtime: +(embedded.seconds / (totalMs / 1000)).toFixed(1),
        },
        'watermark embedded',
      );
    } finally {
      // Twice the WAV's size would sit in the scratch folder during the ladder otherwise.
      await rm(raw, { force: true });
    }
    return { wavPath, codes: embedded.codes };
  }

  /** The same decode as extractAudioPcm, written to a file: a long video's audio is too big for memory. */
  private async decodeAudio(input: WatermarkInput, target: string): Promise<void> {
    const { sampleRate, channels } = this.engine.embedFormat;
    const args = new PcmExtractCommand(input.source, input.probe.container.demuxer, { sampleRate, channels }).args();
    if (args[args.length - 1] !== 'pipe:1') throw new Error('Unexpected PCM extract command: no stdout output');
    args[args.length - 1] = target;
    await runProcess('ffmpeg', ['-y', ...args], { signal: input.signal, log: toMediaLogger(input.log) });
  }

  /** Reads the raw PCM piece by piece, embeds, and writes the WAV; undefined when there is no audio. */
  private async embedFile(
    raw: string,
    wavPath: string,
    spans: readonly TimelineSpan[],
    codeOf: ReadonlyMap<number | null, number>,
    signal: AbortSignal,
  ): Promise<EmbeddedFile | undefined> {
    const { sampleRate, channels } = this.engine.embedFormat;
    const frameBytes = BYTES_PER_SAMPLE * channels;
    const file = await open(raw, 'r');
    try {
      const totalFrames = Math.floor((await file.stat()).size / frameBytes);
      if (totalFrames === 0) return undefined;
      const coded = toCodedSpans(spans, codeOf, totalFrames, sampleRate);
      const period = this.engine.watermarkPeriodSeconds;
      const wav = await createWavWriter(wavPath, sampleRate, channels);
      try {
        const embedMs = await embedTimeline({
          blocks: planEmbedBlocks(coded, Math.round(period * sampleRate), Math.round(BLOCK_SECONDS / period)),
          totalFrames,
          channels,
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
          write: (pcm) => wav.write(pcm),
          embed: (pcm, code) => this.engine.embedWatermark(pcm, code),
          signal,
        });
        return { seconds: totalFrames / sampleRate, embedMs, codes: [...new Set(coded.map((s) => s.code))] };
      } finally {
        await wav.close();
      }
    } finally {
      await file.close();
    }
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
