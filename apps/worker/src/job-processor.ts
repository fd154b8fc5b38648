import type { Job } from 'bullmq';
import { JobName, type JobPayload, type JobProgress } from '@app/contracts';
import type { Logger } from './logger.js';

/** What the host hands a processor besides the job: a logger bound to the job, and the stop signal. */
export interface JobContext {
  log: Logger;
  /** Aborted when the worker shuts down past its grace period or the job is cancelled. */
  signal: AbortSignal;
  /**
   * Reports 0..100, or the stage with its percent and time left, to the job (the admin
   * console reads it); throttled by the caller.
   */
  reportProgress(progress: number | JobProgress): Promise<void>;
}

/** One file per job type (processors/<job>.processor.ts), each implementing this. */
export interface JobProcessor<N extends JobName = JobName, R = unknown> {
  readonly jobName: N;
  process(job: Job<JobPayload<N>, R, N>, context: JobContext): Promise<R>;
}

/** Injection token under which the worker module lists every processor. */
export const JOB_PROCESSORS = Symbol('JOB_PROCESSORS');

export class JobCatalogueError extends Error {
  override readonly name = 'JobCatalogueError';
}

/**
 * Every job of the catalogue must have exactly one processor: a missing one would leave jobs
 * waiting forever, two would make the outcome depend on registration order. Checked at boot.
 */
export function indexProcessors(processors: readonly JobProcessor[]): Map<JobName, JobProcessor> {
  const byName = new Map<JobName, JobProcessor>();
  const problems: string[] = [];
  const known = new Set<string>(Object.values(JobName));
  for (const processor of processors) {
    if (!known.has(processor.jobName)) {
      problems.push(`${processor.constructor.name} handles "${processor.jobName}", which is not in the job catalogue`);
    } else if (byName.has(processor.jobName)) {
      problems.push(
        `"${processor.jobName}" has two processors: ${byName.get(processor.jobName)!.constructor.name} and ${processor.constructor.name}`,
      );
    } else {
      byName.set(processor.jobName, processor);
    }
  }
  for (const name of Object.values(JobName)) {
    if (!byName.has(name) && !problems.some((p) => p.includes(`"${name}" has two`))) {
      problems.push(`"${name}" has no processor`);
    }
  }
  if (problems.length > 0) {
    throw new JobCatalogueError(`The worker's job catalogue is incomplete:\n  ${problems.join('\n  ')}`);
  }
  return byName;
}
