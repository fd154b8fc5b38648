export interface MediaProgress {
  /** 0..1 of the source duration written so far. */
  fraction: number;
  outTimeSeconds: number;
  /** ffmpeg's own speed estimate (× realtime), when it has one. */
  speed?: number;
}

export type ProgressCallback = (progress: MediaProgress) => void;

/**
 * Reads ffmpeg's `-progress pipe:1` output: blocks of key=value lines, each ending with
 * `progress=continue` or `progress=end`. Reports once per block.
 */
export class FfmpegProgressParser {
  private outTimeUs = 0;
  private speed: number | undefined;

  constructor(
    private readonly durationSeconds: number,
    private readonly onProgress: ProgressCallback,
  ) {}

  feed(line: string): void {
    const eq = line.indexOf('=');
    if (eq < 0) return;
    const key = line.slice(0, eq);
    const value = line.slice(eq + 1).trim();
    if (key === 'out_time_us') {
      const us = Number(value);
      if (Number.isFinite(us) && us >= 0) this.outTimeUs = us;
    } else if (key === 'speed') {
      const speed = parseFloat(value);
      this.speed = Number.isFinite(speed) ? speed : undefined;
    } else if (key === 'progress') {
      const outTimeSeconds = this.outTimeUs / 1e6;
      const fraction =
        value === 'end'
          ? 1
          : this.durationSeconds > 0
            ? Math.min(1, Math.max(0, outTimeSeconds / this.durationSeconds))
            : 0;
      this.onProgress({ fraction, outTimeSeconds, speed: this.speed });
    }
  }
}
