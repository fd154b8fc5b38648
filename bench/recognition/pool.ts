/**
 * A small pool of worker threads for the bench's heavy, untimed work (rendering the corpus
 * and the queries) and for decoding watermark windows. Every timing that the table reports
 * as a speed is taken on the main thread while the pool is idle, except watermark decode
 * times, which each worker measures around its own decodes.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Task, TaskResult } from './worker.js';

export const THREADS = Math.max(
  1,
  Math.min(Number(process.env.BENCH_RECOGNITION_THREADS ?? 2), availableParallelism()),
);

interface Pending {
  resolve: (r: TaskResult) => void;
  reject: (e: unknown) => void;
}

export class Pool {
  private readonly workers: Worker[] = [];
  private readonly idle: Worker[] = [];
  private readonly queue: { task: Task; pending: Pending }[] = [];
  private readonly running = new Map<Worker, Pending>();

  constructor(size = THREADS) {
    for (let i = 0; i < size; i++) {
      const w = new Worker(new URL('./worker.ts', import.meta.url));
      w.on('message', (r: TaskResult) => this.done(w, (p) => p.resolve(r)));
      w.on('error', (e) => this.done(w, (p) => p.reject(e)));
      this.workers.push(w);
      this.idle.push(w);
    }
  }

  run<T extends TaskResult>(task: Task): Promise<T> {
    return new Promise<TaskResult>((resolve, reject) => {
      this.queue.push({ task, pending: { resolve, reject } });
      this.pump();
    }) as Promise<T>;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }

  private done(w: Worker, settle: (p: Pending) => void): void {
    const p = this.running.get(w);
    this.running.delete(w);
    this.idle.push(w);
    if (p) settle(p);
    this.pump();
  }

  private pump(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const w = this.idle.pop()!;
      const { task, pending } = this.queue.shift()!;
      this.running.set(w, pending);
      w.postMessage(task, transferables(task));
    }
  }
}

function transferables(task: Task): ArrayBuffer[] {
  return task.kind === 'decode' ? [task.pcm.buffer as ArrayBuffer] : [];
}
