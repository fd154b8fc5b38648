import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { ALL_QUEUES, JobQueues } from '@app/contracts';

const QUEUE_STATES = ['waiting', 'prioritized', 'active', 'delayed', 'failed', 'completed'] as const;

/**
 * Prometheus metrics of the worker (DESIGN.md §9): job duration by job name and outcome, queue
 * depth by state (read from Redis at scrape time), transcode speed, and the process defaults.
 */
@Injectable()
export class WorkerMetrics {
  readonly registry = new Registry();

  readonly jobDuration = new Histogram({
    name: 'cuview_worker_job_duration_seconds',
    help: 'Time spent running a job, by job name and outcome',
    labelNames: ['job', 'outcome'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900],
    registers: [this.registry],
  });

  readonly transcodeSpeed = new Histogram({
    name: 'cuview_worker_transcode_speed_ratio',
    help: 'Seconds of video transcoded per second of wall time (x realtime)',
    buckets: [0.25, 0.5, 1, 2, 4, 8, 16, 32, 64],
    registers: [this.registry],
  });

  constructor(queues: JobQueues) {
    collectDefaultMetrics({ register: this.registry, prefix: 'cuview_worker_' });
    new Gauge({
      name: 'cuview_worker_queue_jobs',
      help: 'Jobs in each queue by state',
      labelNames: ['queue', 'state'] as const,
      registers: [this.registry],
      async collect() {
        for (const name of ALL_QUEUES) {
          const counts = await queues.queue(name).getJobCounts(...QUEUE_STATES);
          for (const state of QUEUE_STATES) this.set({ queue: name, state }, counts[state] ?? 0);
        }
      },
    });
  }
}
