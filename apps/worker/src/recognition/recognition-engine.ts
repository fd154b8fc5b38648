import { Injectable } from '@nestjs/common';
import {
  decodeWatermark,
  downmix,
  FP_HOP,
  FP_SAMPLE_RATE,
  FP_TICK_SAMPLES,
  fingerprint,
  FOOTPRINT_OPTIONS,
  INDEX_OPTIONS,
  WATERMARK_PERIOD_SECONDS,
  WATERMARK_SAMPLE_RATE,
  watermarkSignal,
} from '@app/recognition';

export interface Landmark {
  /** 24-bit landmark hash. */
  hash: number;
  /** Anchor time of the hash inside the track, in fingerprint ticks. */
  frame: number;
}

/** The audio format each engine wants, so ffmpeg resamples once instead of the engine. */
export interface EngineFormat {
  sampleRate: number;
  channels: number;
}

/**
 * Width of the codes the worker registers and embeds (DESIGN.md §6: at least 24 bits plus a
 * check code), drawn from 1 .. 2^24 - 1. The library carries 32 bits; the decoder is told the
 * width, so a decoded value above it (or 0) is no code of ours and the known zero bits
 * check every decode beside the CRC.
 */
export const WATERMARK_CODE_BITS = 24;

/**
 * Landmarks per second of a footprint at most: peaks kept per second x pairs per peak x shifts
 * (peaks are kept per block of 0.99 s, so a window can hold one block's worth more).
 */
export const FOOTPRINT_MAX_LANDMARKS_PER_SECOND =
  FOOTPRINT_OPTIONS.peaksPerSecond * FOOTPRINT_OPTIONS.fanout * FOOTPRINT_OPTIONS.shifts.length;

/**
 * How much of a stretch of the analysis window is decoded first: its start, over two watermark
 * periods. That takes well under half the time of decoding the whole window.
 */
const FIRST_DECODE_SECONDS = 2 * WATERMARK_PERIOD_SECONDS + 1;

/**
 * The worker's only door to libs/recognition (pure TypeScript: landmark fingerprints, and
 * watermark embedding and decoding), so the jobs do not depend on its internals.
 */
@Injectable()
export class RecognitionEngine {
  /** Mono at the fingerprinter's own rate (8 kHz): ffmpeg does the resampling. */
  readonly fingerprintFormat: EngineFormat = { sampleRate: FP_SAMPLE_RATE, channels: 1 };
  /**
   * The audio the mark is made from: the ladder's stereo at the watermark's own rate (ffmpeg
   * resamples). The mark is mono at that rate (markFormat); the ladder's ffmpeg resamples it
   * and adds it to every channel.
   */
  readonly markHostFormat: EngineFormat = { sampleRate: WATERMARK_SAMPLE_RATE, channels: 2 };
  readonly markFormat: EngineFormat = { sampleRate: WATERMARK_SAMPLE_RATE, channels: 1 };
  /** The same mark is in both channels, so ffmpeg's downmix to mono keeps all of it. */
  readonly watermarkFormat: EngineFormat = { sampleRate: WATERMARK_SAMPLE_RATE, channels: 1 };
  /** The mark repeats with this period; embedding in pieces keeps the pieces on its grid. */
  readonly watermarkPeriodSeconds = WATERMARK_PERIOD_SECONDS;
  /** Audio a watermark decode wants: shorter stretches (under a period) cannot hold a whole mark. */
  readonly watermarkReadSeconds = FIRST_DECODE_SECONDS;

  /** The landmarks of an album track, as stored in the fingerprint index (sparse index settings). */
  fingerprintTrack(pcm: Float32Array): Landmark[] {
    const { hashes, ticks } = fingerprint(pcm, INDEX_OPTIONS);
    const landmarks: Landmark[] = new Array(hashes.length);
    for (let i = 0; i < hashes.length; i++) landmarks[i] = { hash: hashes[i]!, frame: ticks[i]! };
    return landmarks;
  }

  /**
   * The footprint of a query window, as the tracker's get_info_by_fp_nums takes it: landmark
   * hashes and their ticks flattened into [hash0, tick0, hash1, tick1, …] (FOOTPRINT_OPTIONS,
   * at most FOOTPRINT_MAX_LANDMARKS_PER_SECOND landmarks per second). Only the audio of
   * [fromSeconds, toSeconds) of the window is heard, but its ticks still count from the
   * window's start (the cut falls on a whole hop, so on the index's time grid): the match
   * offset is where the window starts in the track either way.
   */
  footprint(pcm: Float32Array, fromSeconds = 0, toSeconds = Infinity): number[] {
    const from = Math.min(pcm.length, Math.max(0, Math.floor((fromSeconds * FP_SAMPLE_RATE) / FP_HOP) * FP_HOP));
    const to = Math.min(pcm.length, Math.round(toSeconds * FP_SAMPLE_RATE));
    if (to <= from) return [];
    const shift = from / FP_TICK_SAMPLES;
    const { hashes, ticks } = fingerprint(pcm.subarray(from, to), FOOTPRINT_OPTIONS);
    const numbers = new Array<number>(hashes.length * 2);
    for (let i = 0; i < hashes.length; i++) {
      numbers[2 * i] = hashes[i]!;
      numbers[2 * i + 1] = ticks[i]! + shift;
    }
    return numbers;
  }

  /** The mark (markFormat) carrying `code` for `host` (markHostFormat, interleaved), from its first sample. */
  watermarkSignal(host: Float32Array, code: number): Float32Array {
    return watermarkSignal(downmix(host, this.markHostFormat.channels), code);
  }

  /**
   * The code carried by the watermark of [fromSeconds, toSeconds) of the window
   * (watermarkFormat), or null when none decodes. The start of that part is decoded first;
   * all of it only when that holds no mark.
   */
  decodeWatermark(pcm: Float32Array, fromSeconds = 0, toSeconds = Infinity): number | null {
    const { sampleRate, channels } = this.watermarkFormat;
    const from = Math.min(pcm.length, Math.max(0, Math.round(fromSeconds * sampleRate) * channels));
    const to = Math.min(pcm.length, Math.round(toSeconds * sampleRate) * channels);
    if (to <= from) return null;
    const part = pcm.subarray(from, to);
    const head = Math.round(FIRST_DECODE_SECONDS * sampleRate) * channels;
    const tries = part.length > head * 1.5 ? [part.subarray(0, head), part] : [part];
    for (const piece of tries) {
      // The window is cut from our own transcode: no echo or speed change to search for.
      const found = decodeWatermark(piece, sampleRate, { channels, search: false, codeBits: WATERMARK_CODE_BITS });
      if (found) return found.payload;
    }
    return null;
  }
}
