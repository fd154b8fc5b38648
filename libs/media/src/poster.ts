import { stat } from 'node:fs/promises';
import { probeMedia, type MediaProbe } from './probe.js';
import { FFMPEG_QUIET, runProcess, type MediaToolOptions } from './process.js';
import { safeInputArgs } from './safe-input.js';
import { FfmpegError } from './errors.js';

/** One JPEG frame at `atSeconds`, no larger than `maxWidth`. */
export class PosterFrameCommand {
  constructor(
    private readonly input: string,
    private readonly demuxer: string,
    private readonly output: string,
    private readonly atSeconds: number,
    private readonly maxWidth = 1920,
  ) {}

  args(): string[] {
    return [
      ...FFMPEG_QUIET,
      // Seeking before the input jumps to the keyframe before the point and decodes from there.
      '-ss',
      this.atSeconds.toFixed(3),
      ...safeInputArgs(this.input, this.demuxer),
      '-map',
      '0:v:0',
      '-frames:v',
      '1',
      '-vf',
      `scale='min(${this.maxWidth},iw)':-2,format=yuvj420p`,
      '-q:v',
      '2',
      '-update',
      '1',
      '-f',
      'image2',
      this.output,
    ];
  }
}

/** Title cards and fade-ins of music videos last a few seconds: the poster comes after them. */
export const POSTER_MIN_SECONDS = 5;

/**
 * When the poster frame is taken: at 10 % of the duration, but not before 5 s (at 10 % a
 * 20-30 s clip is still in its fade-in or title card, and the tile showed a dark frame of big
 * text) unless the video is too short, never past 30 %.
 */
export function posterFrameSeconds(durationSeconds: number): number {
  return Math.max(durationSeconds * 0.1, Math.min(POSTER_MIN_SECONDS, durationSeconds * 0.3));
}

/**
 * Poster frame for a video without an uploaded thumbnail: a JPEG at posterFrameSeconds (past
 * fade-ins and title cards). The JPEG then goes through processImage.
 */
export async function extractPosterFrame(
  input: string,
  output: string,
  options: MediaToolOptions & { probe?: MediaProbe; maxWidth?: number } = {},
): Promise<{ output: string; atSeconds: number }> {
  const probe = options.probe ?? (await probeMedia(input, 'video', options));
  const at = posterFrameSeconds(probe.durationSeconds);
  const run = (seconds: number) =>
    runProcess(
      options.ffmpegPath ?? 'ffmpeg',
      new PosterFrameCommand(input, probe.container.demuxer, output, seconds, options.maxWidth).args(),
      { signal: options.signal, timeoutMs: options.timeoutMs ?? 60_000, log: options.log },
    );
  await run(at);
  // A seek near the end of a damaged or variable-rate file can yield no frame: fall back to the start.
  const written = await stat(output).then(
    (s) => s.size > 0,
    () => false,
  );
  if (!written) {
    await run(0);
    if (
      !(await stat(output).then(
        (s) => s.size > 0,
        () => false,
      ))
    ) {
      throw new FfmpegError('ffmpeg wrote no poster frame', 0, '');
    }
    return { output, atSeconds: 0 };
  }
  return { output, atSeconds: at };
}
