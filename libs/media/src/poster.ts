import { stat } from 'node:fs/promises';
import { probeMedia, type MediaProbe } from './probe.js';
import { runProcess, type MediaToolOptions } from './process.js';
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
      '-hide_banner',
      '-nostdin',
      '-y',
      '-loglevel',
      'error',
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

/**
 * Poster frame for a video without an uploaded thumbnail: a JPEG at ~10 % of the
 * duration (past fade-ins and title cards). The JPEG then goes through processImage.
 */
export async function extractPosterFrame(
  input: string,
  output: string,
  options: MediaToolOptions & { probe?: MediaProbe; atFraction?: number; maxWidth?: number } = {},
): Promise<{ output: string; atSeconds: number }> {
  const probe = options.probe ?? (await probeMedia(input, 'video', options));
  const at = probe.durationSeconds * (options.atFraction ?? 0.1);
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
