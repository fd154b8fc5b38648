/** Worker thread of the bench's pool (see pool.ts). */
import { parentPort } from 'node:worker_threads';
import { decodeWatermark } from '@app/recognition';

export type Task =
  /** One blind watermark decode, timed (codeBits as in WatermarkOptions). */
  { kind: 'decode'; pcm: Float32Array; rate: number; channels: number; codeBits?: number };

export type TaskResult = { payload: number | null; confidence: number; ms: number };

parentPort?.on('message', (task: Task) => {
  switch (task.kind) {
    case 'decode': {
      const t0 = performance.now();
      const d = decodeWatermark(task.pcm, task.rate, { channels: task.channels, codeBits: task.codeBits });
      const ms = performance.now() - t0;
      parentPort!.postMessage({ payload: d?.payload ?? null, confidence: d?.confidence ?? 0, ms });
      break;
    }
  }
});
