import { QueueName } from '@app/contracts';
import { timeLeft } from './demo/media-cache.js';
import type { JobQueue } from './services.js';

/** What each queue's jobs make, for the lines a person reads. */
const WORK: Record<QueueName, string> = {
  [QueueName.Image]: 'pictures',
  [QueueName.Video]: 'video transcodes',
  [QueueName.Track]: 'track excerpts and fingerprints',
  [QueueName.Analyze]: 'analyses',
};

export interface WaitOptions {
  log: (line: string) => void;
  /** How often to look, and to print a line when something moved (ms). */
  everyMs?: number;
  /** Gives up after this long (ms); the work goes on in the worker. */
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Waits until the worker has done every queued job of `queues`, printing how many are left
 * and the time left at the pace so far. True when they are done, false at the time-out.
 */
export async function waitForQueues(
  jobs: JobQueue,
  queues: readonly QueueName[],
  { log, everyMs = 3000, timeoutMs = 15 * 60_000, sleep = (ms) => new Promise((r) => setTimeout(r, ms)) }: WaitOptions,
): Promise<boolean> {
  const what = queues.map((q) => WORK[q]).join(' and ');
  const count = async () => (await Promise.all(queues.map((q) => jobs.unfinished(q)))).reduce((a, b) => a + b, 0);
  const first = await count();
  const started = Date.now();
  let last = -1;
  let left = first;
  while (left > 0) {
    if (Date.now() - started > timeoutMs) return false;
    if (left !== last) {
      log(`  ${what}: ${first - left}/${first} done${timeLeft(first - left, first, Date.now() - started)}`);
      last = left;
    }
    await sleep(everyMs);
    left = await count();
  }
  if (first > 0) log(`  ${what}: ${first}/${first} done in ${Math.round((Date.now() - started) / 1000)} s`);
  return true;
}
