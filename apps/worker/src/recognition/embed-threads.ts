import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { MarkReply, MarkRequest } from './embed-thread.js';

/**
 * Threads that make the watermark, so the job's event loop stays free: it keeps the job's
 * lock renewed and pipes the mark to ffmpeg while the next blocks are made. One
 * set per worker process, shared by its jobs (a thread takes tens of ms to start, and its
 * compiled code stays warm).
 */
export class EmbedThreads {
  private readonly threads: Worker[] = [];
  private readonly idle: Worker[] = [];
  private readonly waiting: (() => void)[] = [];
  private readonly pending = new Map<number, { resolve: (pcm: Float32Array) => void; reject: (e: Error) => void }>();
  private nextId = 0;
  private closed = false;
  /** Set once a thread failed or the set was closed: every call fails with it from then on. */
  private failure: Error | undefined;

  constructor(readonly size = Math.max(1, Math.min(2, availableParallelism()))) {
    // From the TypeScript sources (tests, benches) the thread loads them the same way.
    const fromSources = import.meta.url.endsWith('.ts');
    const script = new URL(fromSources ? './embed-thread.ts' : './embed-thread.js', import.meta.url);
    for (let i = 0; i < size; i++) {
      const thread = new Worker(script, {
        execArgv: fromSources ? ['--import', '@swc-node/register/esm-register'] : [],
      });
      thread.on('message', (reply: MarkReply) => this.settle(thread, reply));
      thread.on('error', (error) => this.failAll(error));
      thread.on('exit', (code) => {
        if (!this.closed) this.failAll(new Error(`A watermark thread stopped with code ${code}`));
      });
      this.threads.push(thread);
      this.idle.push(thread);
    }
  }

  /** False once a thread failed or the set was closed: a new set is needed. */
  get healthy(): boolean {
    return this.failure === undefined;
  }

  /**
   * The mark (mono) carrying `code` for `host` (interleaved, `channels` channels, at
   * WATERMARK_SAMPLE_RATE). The host's buffer is handed to the thread: it is unusable after.
   */
  async mark(host: Float32Array, channels: number, code: number): Promise<Float32Array> {
    while (!this.failure && this.idle.length === 0) await new Promise<void>((resolve) => this.waiting.push(resolve));
    if (this.failure) throw this.failure;
    const thread = this.idle.pop()!;
    const id = this.nextId++;
    const request: MarkRequest = { id, host, channels, code };
    return new Promise<Float32Array>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      thread.postMessage(request, [host.buffer as ArrayBuffer]);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.failAll(new Error('The watermark threads were closed'));
    await Promise.all(this.threads.map((t) => t.terminate()));
  }

  private settle(thread: Worker, reply: MarkReply): void {
    const waiter = this.pending.get(reply.id);
    this.pending.delete(reply.id);
    this.idle.push(thread);
    this.waiting.shift()?.();
    if (!waiter) return;
    if ('mark' in reply) waiter.resolve(reply.mark);
    else waiter.reject(new Error(`Watermark embedding failed: ${reply.error}`));
  }

  private failAll(error: Error): void {
    this.failure ??= error;
    for (const waiter of this.pending.values()) waiter.reject(error);
    this.pending.clear();
    for (const wake of this.waiting.splice(0)) wake();
  }
}
