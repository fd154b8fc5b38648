import 'reflect-metadata';
import { tmpdir } from 'node:os';
import { IsString } from 'class-validator';
import { IntSetting, readSettings } from '@app/config';

/**
 * Tuning that only the worker reads (the shared AppConfig holds what several processes need).
 * Defaults suit production; tests may shorten the lock further.
 */
export class WorkerSettings {
  /**
   * How long a job's lock lives without renewal; a crashed worker's job is taken over after it.
   * BullMQ renews it every half of this while the job runs, so only an event loop blocked for
   * more than about half of it (5 s) could make a running job look stalled; the worker keeps
   * its heavy computation (watermark) in threads and its longest synchronous step (a track's
   * fingerprint) at 2 s for 10 minutes of audio. A killed worker's job runs again after at
   * most this plus WORKER_STALLED_INTERVAL_MS (13 s; BullMQ's defaults made it 30-60 s).
   */
  @IntSetting(1000)
  WORKER_LOCK_DURATION_MS = 10_000;

  /** How often each worker looks for jobs whose lock has expired (stalled jobs); one small Redis script. */
  @IntSetting(500)
  WORKER_STALLED_INTERVAL_MS = 3_000;

  /** On SIGTERM, time given to running jobs to finish before they are handed back to the queue. */
  @IntSetting(0)
  WORKER_SHUTDOWN_GRACE_MS = 20_000;

  /** How often Postgres and Redis are compared to re-queue lost work. */
  @IntSetting(1000)
  WORKER_RECONCILE_INTERVAL_MS = 60_000;

  /** Scratch space for originals, ladders and audio while a job runs. */
  @IsString()
  WORKER_TMP_DIR = tmpdir();
}

export function loadWorkerSettings(env: NodeJS.ProcessEnv = process.env): WorkerSettings {
  return readSettings(WorkerSettings, env);
}
