/** Worker thread of the bench's pool (see pool.ts). */
import { parentPort } from 'node:worker_threads';
import { decodeWatermark, FP_SAMPLE_RATE } from '@app/recognition';
import { resample } from '../../libs/recognition/src/dsp/resample.js';
import { SynthTrack } from '../../libs/recognition/src/testing/synth.js';

export type Task =
  /** A whole track rendered at `rate` and brought to the fingerprinter's 8 kHz. */
  | { kind: 'track8k'; seed: number; trackSeconds: number; rate: number }
  /** An excerpt of a track at `rate`, mono. */
  | { kind: 'excerpt'; seed: number; trackSeconds: number; rate: number; start: number; seconds: number }
  /** Resampling (the library's resampler). */
  | { kind: 'resample'; pcm: Float32Array; from: number; to: number }
  /** One blind watermark decode, timed. */
  | { kind: 'decode'; pcm: Float32Array; rate: number; channels: number };

export type TaskResult = { pcm: Float32Array } | { payload: number | null; confidence: number; ms: number };

parentPort?.on('message', (task: Task) => {
  switch (task.kind) {
    case 'track8k': {
      const pcm = resample(new SynthTrack(task.seed, task.trackSeconds).render(task.rate), task.rate, FP_SAMPLE_RATE);
      parentPort!.postMessage({ pcm }, [pcm.buffer as ArrayBuffer]);
      break;
    }
    case 'excerpt': {
      const pcm = new SynthTrack(task.seed, task.trackSeconds).render(task.rate, task.start, task.seconds);
      parentPort!.postMessage({ pcm }, [pcm.buffer as ArrayBuffer]);
      break;
    }
    case 'resample': {
      const pcm = resample(task.pcm, task.from, task.to);
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
