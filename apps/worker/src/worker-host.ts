import { Inject, Injectable } from '@nestjs/common';
import { DelayedError, UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { AppConfig } from '@app/config';
import { JobName, type JobPayload, ALL_QUEUES } from '@app/contracts';
import { isAbort, isFinalAttempt, isPermanent, LOCK_LOST, readableMessage } from './errors.js';
import { indexProcessors, JOB_PROCESSORS, type JobProcessor } from './job-processor.js';
import type { Logger } from './logger.js';
import { WorkerMetrics } from './metrics.js';
import { LOGGER, REDIS } from './tokens.js';
import { WorkerSettings } from './worker.settings.js';

const SHUTDOWN = 'worker shutting down';

/**
 * One BullMQ Worker per queue, each dispatching by job name to the one processor of that job.
 * Bad media and other permanent errors fail the job at once (UnrecoverableError); anything
 * else is retried with the job's backoff. On shutdown, running jobs get a grace period and
 * are then handed back to the queue without using up an attempt.
 */
@Injectable()
export class WorkerHost {
  private readonly processors: Map<JobName, JobProcessor>;
  private readonly workers: Worker[] = [];

  constructor(
    @Inject(JOB_PROCESSORS) processors: JobProcessor[],
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly log: Logger,
    private readonly config: AppConfig,
    private readonly settings: WorkerSettings,
    private readonly metrics: WorkerMetrics,
  ) {
    // Fails the boot, with the list of what is missing or doubled.
    this.processors = indexProcessors(processors);
  }

  get running(): boolean {
    return this.workers.length > 0 && this.workers.every((w) => w.isRunning());
  }

  start(): void {
    const queues = ALL_QUEUES;
    for (const queue of queues) {
      const worker = new Worker(queue, (job, token, signal) => this.run(job, token, signal), {
        connection: this.redis,
        prefix: this.config.REDIS_PREFIX,
        concurrency: this.config.WORKER_CONCURRENCY,
        lockDuration: this.settings.WORKER_LOCK_DURATION_MS,
        stalledInterval: this.settings.WORKER_STALLED_INTERVAL_MS,
        // A job whose worker died twice (e.g. killed for memory) is failed rather than looping.
        maxStalledCount: 2,
      });
      worker.on('error', (error) => this.log.error({ err: error, queue }, 'queue connection error'));
      worker.on('stalled', (jobId) =>
        this.log.warn({ queue, jobId }, 'job stalled (its worker stopped); it runs again'),
      );
      // Its lock expired (this process stalled longer than the lock) and another worker may
      // run it now: this run stops, so two runs never write the same video at once.
      worker.on('lockRenewalFailed', (jobIds) => {
        for (const jobId of jobIds) {
          this.log.warn({ queue, jobId }, 'lost the lock of a running job; stopping it here');
          worker.cancelJob(jobId, LOCK_LOST);
        }
      });
      this.workers.push(worker);
    }
    this.log.info(
      {
        queues,
        jobs: [...this.processors.keys()],
        concurrency: this.config.WORKER_CONCURRENCY,
        prefix: this.config.REDIS_PREFIX,
      },
      'worker started',
    );
  }

  async waitUntilReady(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.waitUntilReady()));
  }

  /**
   * Stops taking jobs; running ones may finish within the grace period, after which their
   * processes are stopped and the jobs handed back (they run again on another worker).
   */
  async stop(graceMs = this.settings.WORKER_SHUTDOWN_GRACE_MS): Promise<void> {
    if (this.workers.length === 0) return;
    const handBack = setTimeout(() => {
      this.log.warn({ graceMs }, 'grace period over: handing running jobs back to the queue');
      for (const worker of this.workers) worker.cancelAllJobs(SHUTDOWN);
    }, graceMs);
    try {
      await Promise.all(this.workers.map((w) => w.close()));
    } finally {
      clearTimeout(handBack);
      this.workers.length = 0;
    }
  }

  private async run(job: Job, token: string | undefined, signal: AbortSignal | undefined): Promise<unknown> {
    const processor = this.processors.get(job.name as JobName);
    const log = this.log.child({
      jobId: job.id,
      job: job.name,
      attempt: job.attemptsMade + 1,
      requestId: (job.data as { requestId?: string } | undefined)?.requestId,
    });
    if (!processor) {
      // A job name from a newer or older producer: retrying on this worker cannot help.
      log.error('no processor for this job name');
      throw new UnrecoverableError(`No processor for job "${job.name}"`);
    }
    const abort = signal ?? new AbortController().signal;
    const started = performance.now();
    log.info('job started');
    try {
      // The name was matched above, so the payload is that job's.
      const result = await processor.process(job as Job<JobPayload<JobName>, unknown, JobName>, {
        log,
        signal: abort,
        reportProgress: (progress) => job.updateProgress(progress),
      });
      const ms = Math.round(performance.now() - started);
      this.metrics.jobDuration.observe({ job: job.name, outcome: 'completed' }, ms / 1000);
      log.info({ ms }, 'job completed');
      return result;
    } catch (error) {
      const ms = Math.round(performance.now() - started);
      if (isAbort(error, abort) && String(abort.reason ?? '') === SHUTDOWN && token) {
        // Back to the queue as it was: the attempt does not count, another worker takes it.
        await job.moveToDelayed(Date.now(), token);
        this.metrics.jobDuration.observe({ job: job.name, outcome: 'handed_back' }, ms / 1000);
        log.warn({ ms }, 'job handed back to the queue');
        throw new DelayedError();
      }
      if (isAbort(error, abort) && abort.reason === LOCK_LOST) {
        // The job is not this run's any more: the stalled check gives it to a worker again.
        this.metrics.jobDuration.observe({ job: job.name, outcome: 'handed_back' }, ms / 1000);
        log.warn({ ms }, 'run stopped: its lock was lost');
        throw new DelayedError();
      }
      const permanent = isPermanent(error);
      this.metrics.jobDuration.observe({ job: job.name, outcome: 'failed' }, ms / 1000);
      log[permanent ? 'warn' : 'error'](
        { ms, err: error, final: isFinalAttempt(job, error) },
        permanent ? 'job failed: bad input, not retried' : 'job failed',
      );
      if (permanent) throw new UnrecoverableError(readableMessage(error));
      throw error;
    }
  }
}
