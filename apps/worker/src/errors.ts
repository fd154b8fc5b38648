import type { Job } from 'bullmq';
import { BadMediaError, MediaAbortedError, StorageNotFoundError } from '@app/media';

/**
 * A failure that another attempt cannot fix (the row is gone, the upload is missing): the job
 * fails at once with this message instead of retrying.
 */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError';
}

/** The worker is stopping and hands the job back to the queue; not a failure of the job. */
export class JobHandedBackError extends Error {
  override readonly name = 'JobHandedBackError';
}

/** The abort reason of a run whose lock expired: another worker may run the job now. */
export const LOCK_LOST = 'lock lost: another worker may run this job';

/** True when the run was stopped because another worker may have taken its job. */
export function lostLock(signal: AbortSignal): boolean {
  return signal.aborted && signal.reason === LOCK_LOST;
}

export function isPermanent(error: unknown): boolean {
  return error instanceof BadMediaError || error instanceof PermanentJobError || error instanceof StorageNotFoundError;
}

export function isAbort(error: unknown, signal?: AbortSignal): boolean {
  return error instanceof MediaAbortedError || error instanceof JobHandedBackError || Boolean(signal?.aborted);
}

/** True when BullMQ will not run the job again after this error. */
export function isFinalAttempt(job: Job, error: unknown): boolean {
  return isPermanent(error) || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
}

/** The sentence staff see on the video: the media library's messages are written for them. */
export function readableMessage(error: unknown): string {
  if (error instanceof StorageNotFoundError) return 'The uploaded file is missing from storage; upload it again';
  if (error instanceof Error) return error.message;
  return String(error);
}
