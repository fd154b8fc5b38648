// Types only: each producer hands in its own Queue, so the contracts load no Redis client.
import type { Job, JobState, Queue } from 'bullmq';
import { JOB_OPTIONS, JobName, jobId, jobPriority, type JobPayload } from './jobs.js';

/**
 * Why a producer queues a job, which decides what an existing job with the same id gets:
 * - `rerun`: the data changed (staff saved a file or an image, a viewer asked for a window,
 *   the seed or the importer wrote new rows or new audio); the work must run on the newest rows.
 * - `restore`: Postgres says the work is pending and Redis may have lost it (the reconciler, the
 *   importer for a track whose excerpt or fingerprint is missing); only what is missing or
 *   finished is queued again.
 */
export type EnqueueIntent = 'rerun' | 'restore';

/**
 * Whether Postgres records a job's final failure. A video does (`processing_state` failed), so
 * a failed transcode whose video Postgres still calls pending was retried by staff and the new
 * job was lost: `restore` replaces it. Tracks do not, so their failed run in Redis (kept 30
 * days) is the only record of the failure: `restore` leaves it for staff to see and retry.
 */
export const FAILURE_RECORDED_IN_POSTGRES: Record<JobName, boolean> = {
  [JobName.VideoTranscode]: true,
  [JobName.ImageResize]: false,
  [JobName.TrackExcerpt]: false,
  [JobName.TrackFingerprint]: false,
  [JobName.VideoAnalyze]: false,
  // Postgres only says "none yet": a failed storyboard is kept in Redis rather than retried each minute.
  [JobName.VideoStoryboard]: false,
  [JobName.UploadWaveform]: false,
};

/**
 * The ids a job's runs may have: its deterministic id, and the one follow-up run `{id}-again`
 * queued when a `rerun` comes while the job is running.
 */
export function jobRunIds<N extends JobName>(name: N, payload: JobPayload<N>): [main: string, followUp: string] {
  const id = jobId(name, payload);
  return [id, `${id}-again`];
}

/** A run's state; undefined when there is no job under that id (BullMQ's 'unknown' counts as none). */
export type RunState = JobState | 'unknown' | undefined;
/** 0: the run under the job's own id, 1: its follow-up (see jobRunIds). */
export type RunSlot = 0 | 1;
export type EnqueueStep =
  /** Leave things as they are: this run will do the work, or stands for the failure. */
  | { keep: RunSlot }
  /** Remove these finished runs, then add a run in `add`. */
  | { add: RunSlot; replace: RunSlot[] };

const PENDING_STATES: ReadonlySet<RunState> = new Set(['waiting', 'delayed', 'prioritized', 'waiting-children']);
const FINISHED_STATES: ReadonlySet<RunState> = new Set(['completed', 'failed']);
const SLOTS: readonly RunSlot[] = [0, 1];

/**
 * The one enqueue rule of every producer (DESIGN.md §5: a double enqueue is one job), as a
 * decision on the states of the job's two runs. In order:
 * 1. a run that has not started is kept: it reads the newest rows when it runs;
 * 2. a running run: `rerun` queues one follow-up in the other slot, so changes made while it
 *    runs are not lost (one, however many enqueues; none more while both run); `restore` keeps
 *    it: a running job is not lost work (a killed worker's job runs again by itself);
 * 3. finished runs are replaced, except that `restore` keeps a failure Postgres does not record;
 * 4. no run: one is added.
 *
 * The four copies this replaces differed (apps/api queue.service, apps/worker job-queues and
 * reconciler, the seed's JobQueue); where they did, this follows the api's rule, which its
 * test and its comment describe (`rerun`), and the reconciler's (`restore`):
 * - the worker's poster `image.resize` and the seed's jobs were plain BullMQ adds, which a
 *   running or finished job with the same id swallowed (the seed removed finished ones first):
 *   they are `rerun`s now, as the api's image forms are;
 * - the importer's jobs for an unchanged track whose excerpt or fingerprint is missing were
 *   plain adds too: they are `restore`s, so a completed run is replaced at once rather than by
 *   the reconciler a minute later;
 * - the api added a second pending run when the follow-up was still waiting and the first had
 *   finished: a pending run in either slot is kept, as the reconciler did.
 */
export function decideEnqueue(intent: EnqueueIntent, name: JobName, runs: readonly [RunState, RunState]): EnqueueStep {
  const pending = SLOTS.find((slot) => PENDING_STATES.has(runs[slot]));
  if (pending !== undefined) return { keep: pending };

  const running = SLOTS.filter((slot) => runs[slot] === 'active');
  if (running.length === 2) return { keep: 1 };
  if (running.length === 1) {
    if (intent === 'restore') return { keep: running[0]! };
    const other: RunSlot = running[0] === 0 ? 1 : 0;
    return { add: other, replace: FINISHED_STATES.has(runs[other]) ? [other] : [] };
  }

  const finished = SLOTS.filter((slot) => FINISHED_STATES.has(runs[slot]));
  const failed = finished.find((slot) => runs[slot] === 'failed');
  if (intent === 'restore' && failed !== undefined && !FAILURE_RECORDED_IN_POSTGRES[name]) return { keep: failed };
  return { add: 0, replace: finished };
}

export interface EnqueueResult {
  /** The job that will do the work, or the existing one that was kept. */
  job: Job;
  /** Whether a job was added (false: an existing one was kept). */
  added: boolean;
}

/**
 * Queues `name` for `payload` on `queue` (the job's queue, JOB_QUEUE) by decideEnqueue, with
 * the catalogue's retry and retention options. `stillWanted` is asked, with the finished run,
 * just before that run is replaced: false keeps it (the reconciler re-reads the row, since the
 * job may have just finished and Postgres no longer wants the work; the seed keeps a run that
 * finished after its rows were committed).
 */
export async function enqueueJob<N extends JobName>(
  queue: Queue,
  name: N,
  payload: JobPayload<N>,
  intent: EnqueueIntent,
  stillWanted?: (finished: Job) => Promise<boolean>,
): Promise<EnqueueResult> {
  const ids = jobRunIds(name, payload);
  const jobs = await Promise.all(ids.map((id) => queue.getJob(id)));
  const states = await Promise.all(jobs.map((job) => job?.getState()));
  const step = decideEnqueue(intent, name, [states[0], states[1]]);
  const priority = jobPriority(name, payload);
  if ('keep' in step) {
    const kept = jobs[step.keep]!;
    // A pending run queued at a lower priority (a draft's transcode, now saved) moves up.
    if (PENDING_STATES.has(states[step.keep]) && (kept.opts.priority ?? 0) > priority) {
      await kept.changePriority({ priority });
    }
    return { job: kept, added: false };
  }
  if (step.replace.length > 0) {
    const finished = jobs[step.replace[0]!]!;
    if (stillWanted && !(await stillWanted(finished))) return { job: finished, added: false };
    for (const slot of step.replace) await jobs[slot]!.remove();
  }
  const options = { ...JOB_OPTIONS[name], jobId: ids[step.add], ...(priority > 0 ? { priority } : {}) };
  return { job: await queue.add(name, payload, options), added: true };
}
