// Types only: the caller hands in its own Queue, so the contracts stay free of runtime imports.
import type { Job, Queue } from 'bullmq';
import { JOB_OPTIONS, jobId, type JobName, type JobPayload } from './jobs.js';

/** States in which a job will still run and so will read the newest rows by itself. */
const PENDING_STATES: ReadonlySet<string> = new Set(['waiting', 'delayed', 'prioritized', 'waiting-children']);

/** The id of the one follow-up run a job may get while it runs (see enqueueJob). */
export function followUpJobId<N extends JobName>(name: N, payload: JobPayload<N>): string {
  return `${jobId(name, payload)}-again`;
}

export interface EnqueuePolicy {
  /**
   * What a running job gets: 'follow-up' (the default) queues one more run under
   * `{id}-again`, so a change made while it ran is not lost; 'leave' lets it be (the
   * reconciler, which looks for lost work, not for changes).
   */
  whileRunning?: 'follow-up' | 'leave';
  /**
   * Leave a failed run in place instead of replacing it: tracks have no failed state in
   * Postgres, so their failure is kept in Redis for staff to see and retry.
   */
  keepFailed?: boolean;
  /**
   * Asked just before a finished run is replaced: false leaves it (the job finished a moment
   * ago and Postgres no longer wants the work).
   */
  stillWanted?: () => Promise<boolean>;
}

export interface EnqueueResult {
  /** The job that will do the work, or the finished one that was left. */
  job: Job;
  /** Whether a job was added (false: an existing one was kept). */
  added: boolean;
}

/**
 * The one enqueue rule of every producer (api, worker, reconciler, seed, album import), under
 * the job's deterministic id so a double enqueue is one job (DESIGN.md §5):
 * - pending (its own run or its follow-up): kept, it reads the newest state when it runs;
 * - running: one follow-up run `{id}-again`, or left alone (`whileRunning: 'leave'`);
 * - completed: replaced (BullMQ would otherwise swallow the add: same id, same job);
 * - failed: replaced, or kept for staff (`keepFailed`).
 */
export async function enqueueJob<N extends JobName>(
  queue: Queue,
  name: N,
  payload: JobPayload<N>,
  policy: EnqueuePolicy = {},
): Promise<EnqueueResult> {
  const id = jobId(name, payload);
  const againId = followUpJobId(name, payload);
  const [main, again] = await Promise.all([queue.getJob(id), queue.getJob(againId)]);
  const [mainState, againState] = await Promise.all([main?.getState(), again?.getState()]);
  const add = async (jobIdToAdd: string): Promise<EnqueueResult> => ({
    job: await queue.add(name, payload, { ...JOB_OPTIONS[name], jobId: jobIdToAdd }),
    added: true,
  });

  if (main && PENDING_STATES.has(mainState!)) return { job: main, added: false };
  if (again && PENDING_STATES.has(againState!)) return { job: again, added: false };
  const running = mainState === 'active' ? main : againState === 'active' ? again : undefined;
  if (running && (policy.whileRunning === 'leave' || (mainState === 'active' && againState === 'active'))) {
    return { job: running, added: false };
  }
  const failed = mainState === 'failed' ? main : againState === 'failed' ? again : undefined;
  if (failed && policy.keepFailed) return { job: failed, added: false };
  const finished = mainState === 'active' ? again : main;
  if (finished && policy.stillWanted && !(await policy.stillWanted())) return { job: finished, added: false };

  if (mainState === 'active') {
    await again?.remove();
    return add(againId);
  }
  await main?.remove();
  return add(id);
}
