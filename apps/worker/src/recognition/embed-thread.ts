// One thread of the watermark embedder (see EmbedThreads): embeds the blocks it is sent.
import { parentPort } from 'node:worker_threads';
import { embedWatermark } from '@app/recognition';

export interface EmbedRequest {
  id: number;
  pcm: Float32Array;
  sampleRate: number;
  channels: number;
  code: number;
}

export type EmbedReply = { id: number; marked: Float32Array } | { id: number; error: string };

parentPort!.on('message', ({ id, pcm, sampleRate, channels, code }: EmbedRequest) => {
  let reply: EmbedReply;
  try {
    reply = { id, marked: embedWatermark(pcm, sampleRate, code, { channels }) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply, 'marked' in reply ? [reply.marked.buffer as ArrayBuffer] : []);
});
