import { describe, expect, it } from '@jest/globals';
import { QueueName } from '@app/contracts';
import { Progress, timeLeft } from './demo/media-cache.js';
import type { JobQueue } from './services.js';
import { waitForQueues } from './wait.js';

describe('timeLeft', () => {
  it('estimates the rest from the pace so far', () => {
    expect(timeLeft(10, 40, 20_000)).toBe(' · about 60 s left');
    expect(timeLeft(10, 100, 20_000)).toBe(' · about 3 min left');
  });

  it('says nothing before the first item or after the last', () => {
    expect(timeLeft(0, 40, 5_000)).toBe('');
    expect(timeLeft(40, 40, 5_000)).toBe('');
  });

  it('numbers the steps', () => {
    const progress = new Progress(3);
    expect(progress.step('one')).toMatch(/^ {2}\[1\/3\] one/);
    expect(progress.step('two')).toMatch(/^ {2}\[2\/3\] two/);
    expect(progress.step('three')).toBe('  [3/3] three');
  });
});

describe('waitForQueues', () => {
  /** A queue whose unfinished counts go down as the test says (the worker's part). */
  function queueCounting(counts: Record<string, number[]>): JobQueue {
    return { unfinished: async (name: QueueName) => counts[name]!.shift() ?? 0 } as unknown as JobQueue;
  }

  it('waits until every job of the queues is done, saying how many are left', async () => {
    const lines: string[] = [];
    const jobs = queueCounting({ [QueueName.Image]: [4, 4, 2, 0] });
    const done = await waitForQueues(jobs, [QueueName.Image], {
      log: (l) => lines.push(l),
      sleep: async () => undefined,
    });
    expect(done).toBe(true);
    expect(lines[0]).toBe('  pictures: 0/4 done');
    expect(lines[1]).toMatch(/^ {2}pictures: 2\/4 done/);
    expect(lines.at(-1)).toMatch(/^ {2}pictures: 4\/4 done in \d+ s$/);
  });

  it('gives up at the time-out, leaving the work to the worker', async () => {
    const jobs = queueCounting({ [QueueName.Video]: [3, 3, 3, 3], [QueueName.Track]: [1, 1, 1, 1] });
    let slept = 0;
    const done = await waitForQueues(jobs, [QueueName.Video, QueueName.Track], {
      log: () => undefined,
      timeoutMs: 1,
      sleep: async () => {
        slept++;
        await new Promise((r) => setTimeout(r, 5));
      },
    });
    expect(done).toBe(false);
    expect(slept).toBeGreaterThan(0);
  });
});
