import { describe, expect, it } from '@jest/globals';
import type { JobProgress } from '@app/contracts';
import type { Logger } from './logger.js';
import { ProgressReporter } from './progress-reporter.js';

const log = { warn: () => undefined } as unknown as Logger;

/** A reporter on a clock the test moves, recording what staff would read. */
function reporter() {
  let clock = 0;
  const written: JobProgress[] = [];
  const progress = new ProgressReporter(
    [
      async (p) => {
        written.push(p);
      },
    ],
    log,
    1000,
    () => clock,
  );
  return {
    progress,
    written,
    at: async (ms: number) => {
      clock = ms;
      await Promise.resolve();
      await progress.settle();
    },
  };
}

describe('progress by stage with the time left', () => {
  it("estimates a stage's rest from its speed so far, and the later stages at the job's pace", async () => {
    const { progress, written, at } = reporter();
    progress.begin('probe', { from: 0, to: 10 });
    await at(2000);
    progress.begin('720p', { from: 10, to: 90 });
    await progress.settle();
    // A quarter of the renditions read at 7 s, half at 12 s: 10 s more for them, and the last
    // 10 % at the job's pace.
    await at(7000);
    progress.advance(0.25);
    await at(12_000);
    progress.advance(0.5);
    await progress.settle();
    const last = written.at(-1)!;
    expect(last.stage).toBe('720p');
    expect(last.percent).toBe(50);
    // 12 s for 50 %: 0.24 s per percent; 10 s left of the stage + 10 % after it = 12.4 s.
    expect(last.secondsLeft).toBe(12);
  });

  it('does not leap on a stage whose first reading comes after a slow start (a job staff watched: 12, 114, 21, 14, 7 s)', async () => {
    const { progress, written, at } = reporter();
    // The audio-and-watermark run of a 3-minute video after Save, as the worker reported it.
    progress.begin('probe', { from: 0, to: 5 });
    await at(1000);
    progress.begin('audio and watermark', { from: 5, to: 85 });
    await progress.settle();
    const steps: Array<[number, number]> = [
      [9000, 0.0625],
      [10_000, 0.34],
      [11_000, 0.475],
      [12_000, 0.7],
    ];
    for (const [ms, fraction] of steps) {
      await at(ms);
      progress.advance(fraction);
      await progress.settle();
    }
    await at(13_000);
    progress.begin('packaging', { from: 85, to: 95 });
    await progress.settle();
    const shown = written.filter((p) => p.secondsLeft !== null).map((p) => p.secondsLeft!);
    // From the job's pace at the start (19 s) the time left only counts down: it never leaps up.
    for (let i = 1; i < shown.length; i += 1) expect(shown[i]).toBeLessThanOrEqual(shown[i - 1]! + 1);
    // The slow start's single reading gives no estimate; the next ones are the stage's real speed.
    expect(written.find((p) => p.percent === 10)?.secondsLeft).toBeNull();
    expect(written.find((p) => p.percent === 32)?.secondsLeft).toBeLessThanOrEqual(8);
  });

  it('writes a stage change at once but ffmpeg progress about once a second', async () => {
    const { progress, written, at } = reporter();
    progress.begin('720p', { from: 0, to: 100 });
    await at(100);
    progress.advance(0.1);
    await at(200);
    progress.advance(0.2);
    await at(1200);
    progress.advance(0.3);
    await at(1300);
    progress.begin('packaging', { from: 100, to: 100 });
    await progress.settle();
    expect(written.map((p) => [p.stage, p.percent])).toEqual([
      ['720p', 0],
      ['720p', 30],
      ['packaging', 100],
    ]);
    // Nothing to estimate from at the very start.
    expect(written[0]!.secondsLeft).toBeNull();
  });

  it('keeps a stage change made while a write is in flight, and writes it after', async () => {
    let release: () => void = () => undefined;
    const written: JobProgress[] = [];
    const progress = new ProgressReporter(
      [
        (p) =>
          new Promise<void>((resolve) => {
            written.push(p);
            release = resolve;
          }),
      ],
      log,
    );
    progress.begin('probe', { from: 0, to: 5 });
    progress.begin('720p', { from: 5, to: 90 });
    expect(written.map((p) => p.stage)).toEqual(['probe']);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(written.map((p) => p.stage)).toEqual(['probe', '720p']);
    release();
    await progress.settle();
  });
});
