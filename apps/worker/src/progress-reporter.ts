import type { Logger } from './logger.js';

export type ProgressSink = (percent: number) => Promise<void>;

/**
 * ffmpeg reports progress several times a second; the job and the video row only need it
 * about once a second. Writes never overlap, and `settle` waits for the last one so it
 * cannot land after the final state.
 */
export class ProgressReporter {
  private lastAt = 0;
  private lastPercent = -1;
  private inFlight: Promise<void> | undefined;

  constructor(
    private readonly sinks: readonly ProgressSink[],
    private readonly log: Logger,
    private readonly intervalMs = 1000,
  ) {}

  report(percent: number): void {
    const rounded = Math.max(0, Math.min(100, Math.floor(percent)));
    const now = Date.now();
    if (this.inFlight || rounded === this.lastPercent || now - this.lastAt < this.intervalMs) return;
    this.lastAt = now;
    this.lastPercent = rounded;
    this.inFlight = Promise.all(this.sinks.map((sink) => sink(rounded)))
      .then(() => undefined)
      .catch((error: unknown) => this.log.warn({ err: error }, 'could not record progress'))
      .finally(() => {
        this.inFlight = undefined;
      });
  }

  async settle(): Promise<void> {
    await this.inFlight;
  }
}
