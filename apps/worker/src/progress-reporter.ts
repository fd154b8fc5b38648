import type { JobProgress } from '@app/contracts';
import type { Logger } from './logger.js';

export type ProgressSink = (progress: JobProgress) => Promise<void>;

/** A stage's share of the job's 0..100 bar. */
export interface StageSpan {
  from: number;
  to: number;
}

/**
 * The job's progress by stage (probe, audio and watermark, the renditions, storyboard,
 * packaging, poster…) with the time left. Within a stage that reports a fraction (ffmpeg's
 * out_time over the duration), the stage's rest is what is left of it at its speed since its
 * first reading; the stages after it are costed at the seconds per percent measured since
 * the job began (each stage's span on the bar is its expected share of the time).
 *
 * ffmpeg reports several times a second; the job and the video row only need it about once a
 * second. Writes never overlap, a stage change is always written, and `settle` waits for the
 * last write so it cannot land after the final state.
 */
export class ProgressReporter {
  private readonly startedAt: number;
  private stage = '';
  private span: StageSpan = { from: 0, to: 0 };
  /** The stage's first fraction reading: its speed is measured from there (see estimate). */
  private firstReading: { at: number; fraction: number } | undefined;
  private lastAt = 0;
  private last: JobProgress | undefined;
  private pending: JobProgress | undefined;
  private inFlight: Promise<void> | undefined;

  constructor(
    private readonly sinks: readonly ProgressSink[],
    private readonly log: Logger,
    private readonly intervalMs = 1000,
    private readonly now: () => number = Date.now,
  ) {
    this.startedAt = now();
  }

  /** A new stage begins at `span.from` on the bar. */
  begin(stage: string, span: StageSpan): void {
    this.stage = stage;
    this.span = span;
    this.firstReading = undefined;
    this.push(span.from, this.estimate(0), true);
  }

  /** `fraction` (0..1) of the current stage is done. */
  advance(fraction: number): void {
    const f = Math.max(0, Math.min(1, fraction));
    if (!this.firstReading && f > 0 && f < 1) this.firstReading = { at: this.now(), fraction: f };
    this.push(this.span.from + f * (this.span.to - this.span.from), this.estimate(f), false);
  }

  /** The bar jumps to `percent` without a stage of its own (the end of the last stage). */
  report(percent: number): void {
    this.push(percent, this.estimate(1), true);
  }

  async settle(): Promise<void> {
    while (this.inFlight) await this.inFlight;
  }

  /**
   * Seconds left: within a stage that reports a fraction, its rest at its speed since its first
   * reading plus the later stages at the job's pace; otherwise what is left of the bar at the
   * job's pace. A stage's first reading comes after a start-up that is not proportional to its
   * work (ffmpeg opening, the audio decoded before the first frame), so until a second reading
   * there is no estimate (null) rather than one that leaps (12 s, then 114 s, then 21 s).
   */
  estimate(fraction: number): number | null {
    const now = this.now();
    const percentDone = this.span.from + fraction * (this.span.to - this.span.from);
    if (percentDone <= 0) return null;
    const secondsPerPercent = (now - this.startedAt) / 1000 / percentDone;
    if (fraction > 0 && fraction < 1) {
      const first = this.firstReading;
      if (!first || fraction <= first.fraction) return null;
      const secondsPerFraction = (now - first.at) / 1000 / (fraction - first.fraction);
      const stageLeft = secondsPerFraction * (1 - fraction);
      return Math.max(0, Math.round(stageLeft + (100 - this.span.to) * secondsPerPercent));
    }
    return Math.max(0, Math.round((100 - percentDone) * secondsPerPercent));
  }

  private push(percent: number, secondsLeft: number | null, force: boolean): void {
    const progress: JobProgress = {
      percent: Math.max(0, Math.min(100, Math.floor(percent))),
      stage: this.stage,
      secondsLeft,
    };
    const now = this.now();
    const same = this.last && this.last.percent === progress.percent && this.last.stage === progress.stage;
    if (!force && (same || now - this.lastAt < this.intervalMs)) return;
    if (this.inFlight) {
      // Kept for when the write in flight ends, so a stage change is never lost.
      this.pending = progress;
      return;
    }
    this.write(progress, now);
  }

  private write(progress: JobProgress, now: number): void {
    this.lastAt = now;
    this.last = progress;
    this.inFlight = Promise.all(this.sinks.map((sink) => sink(progress)))
      .then(() => undefined)
      .catch((error: unknown) => this.log.warn({ err: error }, 'could not record progress'))
      .finally(() => {
        this.inFlight = undefined;
        const next = this.pending;
        this.pending = undefined;
        if (next) this.write(next, this.now());
      });
  }
}
