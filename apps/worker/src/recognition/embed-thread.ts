// One thread of the watermark embedder (see EmbedThreads): makes the marks it is asked for.
import { parentPort } from 'node:worker_threads';
import { downmix, watermarkSignal } from '@app/recognition';

export interface MarkRequest {
  id: number;
  /** Interleaved host audio at WATERMARK_SAMPLE_RATE. */
  host: Float32Array;
  channels: number;
  code: number;
}

export type MarkReply = { id: number; mark: Float32Array } | { id: number; error: string };

parentPort!.on('message', ({ id, host, channels, code }: MarkRequest) => {
  let reply: MarkReply;
  try {
    reply = { id, mark: watermarkSignal(downmix(host, channels), code) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply, 'mark' in reply ? [reply.mark.buffer as ArrayBuffer] : []);
});
