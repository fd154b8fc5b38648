/** Worker thread of the bench's pool (see pool.ts). */
import { parentPort } from 'node:worker_threads';
import { decodeWatermark } from '@app/recognition';
import { SynthTrack } from '../../libs/recognition/src/testing/synth.js';

export type Task =
  /** An excerpt of a track at `rate`, mono. */
  | { kind: 'excerpt'; seed: number; trackSeconds: number; rate: number; start: number; seconds: number }
  /** One blind watermark decode, timed. */
  | { kind: 'decode'; pcm: Float32Array; rate: number; channels: number };

export type TaskResult = { pcm: Float32Array } | { payload: number | null; confidence: number; ms: number };

parentPort?.on('message', (task: Task) => {
  switch (task.kind) {
    case 'excerpt': {
      const pcm = new SynthTrack(task.seed, task.trackSeconds).render(task.rate, task.start, task.seconds);
      parentPort!.postMessage({ pcm }, [pcm.buffer as ArrayBuffer]);
      break;
    }
    case 'decode': {
      const t0 = performance.now();
      const d = decodeWatermark(task.pcm, task.rate, { channels: task.channels });
      const ms = performance.now() - t0;
      parentPort!.postMessage({ payload: d?.payload ?? null, confidence: d?.confidence ?? 0, ms });
      break;
    }
  }
});
