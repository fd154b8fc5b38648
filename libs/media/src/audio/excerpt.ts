import { BadMediaError } from '../errors.js';
import { probeMedia, type MediaProbe } from '../probe.js';
import { FFMPEG_QUIET, runProcess, type MediaToolOptions } from '../process.js';
import { safeInputArgs } from '../safe-input.js';

export interface ExcerptRange {
  /** Seconds from the start of the track. */
  start: number;
  end: number;
}

/** Cuts [start, end) of the first audio stream to AAC-LC in an M4A (MP4) file. */
export class AudioExcerptCommand {
  constructor(
    private readonly input: string,
    private readonly demuxer: string,
    private readonly output: string,
    private readonly range: ExcerptRange,
    private readonly bitrateKbps = 160,
  ) {}

  args(): string[] {
    return [
      ...FFMPEG_QUIET,
      // Seek and length on the input: only the excerpt is decoded.
      '-ss',
      this.range.start.toFixed(3),
      '-t',
      (this.range.end - this.range.start).toFixed(3),
      ...safeInputArgs(this.input, this.demuxer),
      '-map',
      '0:a:0',
      '-vn',
      '-c:a',
      'aac',
      '-b:a',
      `${this.bitrateKbps}k`,
      '-ar',
      '48000',
      '-ac',
      '2',
      '-map_metadata',
      '-1',
      // moov first: the browser can start playing the prelisten before the download ends.
      '-movflags',
      '+faststart',
      // The ipod muxer is MP4 branded "M4A ", which Apple players expect of an .m4a.
      '-f',
      'ipod',
      this.output,
    ];
  }
}

export interface ExcerptResult {
  output: string;
  durationSeconds: number;
  wallMs: number;
}

/**
 * `track.excerpt`: the prelistening cut of an album track. The range is checked against
 * the probed duration so a wrong range is a readable BadMediaError, not an empty file.
 */
export async function cutAudioExcerpt(
  input: string,
  output: string,
  range: ExcerptRange,
  options: MediaToolOptions & { probe?: MediaProbe; bitrateKbps?: number } = {},
): Promise<ExcerptResult> {
  const probe = options.probe ?? (await probeMedia(input, 'audio', options));
  validateExcerptRange(range, probe.durationSeconds);
  const run = await runProcess(
    options.ffmpegPath ?? 'ffmpeg',
    new AudioExcerptCommand(input, probe.container.demuxer, output, range, options.bitrateKbps).args(),
    { signal: options.signal, timeoutMs: options.timeoutMs ?? 120_000, log: options.log },
  );
  const end = Math.min(range.end, probe.durationSeconds);
  return { output, durationSeconds: end - range.start, wallMs: run.wallMs };
}

export function validateExcerptRange(range: ExcerptRange, durationSeconds: number): void {
  const { start, end } = range;
  if (!Number.isFinite(start) || !Number.isFinite(end) || start < 0 || end <= start) {
    throw new BadMediaError('The excerpt must start at 0 s or later and end after it starts', 'invalid_range');
  }
  // Tag durations are rounded; allow the end to overshoot the real duration by half a second.
  if (start >= durationSeconds || end > durationSeconds + 0.5) {
    throw new BadMediaError(
      `The excerpt ${start}–${end} s lies outside the track (${durationSeconds.toFixed(1)} s long)`,
      'invalid_range',
    );
  }
}
