import { describe, expect, it } from '@jest/globals';
import { MediaAbortedError } from '@app/media';
// The deterministic music synthesizer of the recognition tests (not exported by the library).
import { SynthTrack } from '../../../../libs/recognition/src/testing/synth.js';
import { RecognitionEngine } from './recognition-engine.js';
import { embedTimeline, planEmbedBlocks, toCodedSpans, type CodedSpan } from './watermark-embedding.js';

const engine = new RecognitionEngine();
const { sampleRate, channels } = engine.markHostFormat;
const period = Math.round(engine.watermarkPeriodSeconds * sampleRate);
const FADE_FRAMES = 160;

function stereo(mono: Float32Array): Float32Array {
  const out = new Float32Array(mono.length * 2);
  for (let i = 0; i < mono.length; i++) out[2 * i] = out[2 * i + 1] = mono[i]!;
  return out;
}

/** The first channel of interleaved audio: the frame numbers the tests below store in every sample. */
function firstChannel(pcm: Float32Array): Float32Array {
  return Float32Array.from({ length: pcm.length / channels }, (_, i) => pcm[i * channels]!);
}

/** Host (downmixed) plus mark over frames [from, to): what a listener of the ladder hears. */
function marked(host: Float32Array, mark: Float32Array, from: number, to: number): Float32Array {
  const out = new Float32Array(to - from);
  for (let i = from; i < to; i++) out[i - from] = (host[2 * i]! + host[2 * i + 1]!) / 2 + mark[i]!;
  return out;
}

/** Runs embedTimeline over in-memory audio, as the watermarker does over its scratch file. */
async function markInPieces(host: Float32Array, spans: CodedSpan[], blockPeriods: number): Promise<Float32Array> {
  const frames = host.length / channels;
  const out = new Float32Array(frames);
  let written = 0;
  const pieces = embedTimeline({
    blocks: planEmbedBlocks(spans, period, blockPeriods),
    totalFrames: frames,
    fadeFrames: FADE_FRAMES,
    read: async (start, end) => host.slice(start * channels, end * channels),
    mark: (pcm, code) => engine.watermarkSignal(pcm, code),
  });
  for await (const mark of pieces) {
    out.set(mark, written);
    written += mark.length;
  }
  expect(written).toBe(frames);
  return out;
}

describe('watermark embedding in pieces', () => {
  it('cuts each span into pieces on its own period grid, covering it exactly, with a period of context', () => {
    const spans: CodedSpan[] = [
      { start: 0, end: 5 * period + 7, code: 1 },
      { start: 5 * period + 7, end: 6 * period, code: 2 },
    ];
    const blocks = planEmbedBlocks(spans, period, 2);
    expect(blocks.map((b) => [b.code, b.writeStart, b.writeEnd])).toEqual([
      [1, 0, 2 * period],
      [1, 2 * period, 4 * period],
      [1, 4 * period, 5 * period + 7],
      [2, 5 * period + 7, 6 * period],
    ]);
    for (const b of blocks) {
      expect((b.readStart - b.spanStart) % period).toBe(0);
      expect(b.readStart).toBe(Math.max(b.spanStart, b.writeStart - period));
      expect(b.readEnd).toBe(Math.min(b.spanEnd, b.writeEnd + period));
    }
  });

  it('maps the timeline onto the decoded audio, which may be longer or shorter than the probe said', () => {
    const codes = new Map<number | null, number>([
      [null, 7],
      [1, 11],
      [2, 12],
    ]);
    const timeline = [
      { start: 0, end: 2, videoTrackId: 1, albumTrackId: 5 },
      { start: 2, end: 3, videoTrackId: null, albumTrackId: null },
      { start: 3, end: 10, videoTrackId: 2, albumTrackId: 6 },
    ];
    expect(toCodedSpans(timeline, codes, 10.5 * 100, 100)).toEqual([
      { start: 0, end: 200, code: 11 },
      { start: 200, end: 300, code: 7 },
      { start: 300, end: 1050, code: 12 },
    ]);
    expect(toCodedSpans(timeline, codes, 250, 100)).toEqual([
      { start: 0, end: 200, code: 11 },
      { start: 200, end: 250, code: 7 },
    ]);
  });

  it('with several blocks in the works, yields them in timeline order and keeps at most that many ahead', async () => {
    let inWorks = 0;
    let mostInWorks = 0;
    const pieces = embedTimeline({
      blocks: planEmbedBlocks([{ start: 0, end: 6 * period, code: 5 }], period, 1),
      totalFrames: 6 * period,
      fadeFrames: FADE_FRAMES,
      // Every sample holds its frame number.
      read: async (start, end) =>
        Float32Array.from({ length: (end - start) * channels }, (_, i) => start + i / channels),
      // Later blocks finish first: the order must come from the timeline, not from the embedder.
      mark: async (host) => {
        mostInWorks = Math.max(mostInWorks, ++inWorks);
        await new Promise((resolve) => setTimeout(resolve, 40 - (host[0]! / period) * 5));
        inWorks--;
        return firstChannel(host);
      },
      concurrency: 2,
    });
    const firstFrames: number[] = [];
    for await (const pcm of pieces) firstFrames.push(Math.floor(pcm[0]!));
    expect(firstFrames).toEqual([0, 1, 2, 3, 4, 5].map((p) => p * period));
    expect(mostInWorks).toBe(2);
  });

  it('stops between pieces when the job is aborted, without embedding further', async () => {
    const controller = new AbortController();
    const embedded: number[] = [];
    const pieces = embedTimeline({
      blocks: planEmbedBlocks([{ start: 0, end: 3 * period, code: 5 }], period, 1),
      totalFrames: 3 * period,
      fadeFrames: FADE_FRAMES,
      read: async (start, end) => new Float32Array((end - start) * channels),
      mark: (host) => {
        embedded.push(host.length);
        return firstChannel(host);
      },
      signal: controller.signal,
    });
    const run = (async () => {
      for await (const _ of pieces) controller.abort();
    })();
    await expect(run).rejects.toBeInstanceOf(MediaAbortedError);
    expect(embedded).toHaveLength(1);
  });

  it('gives the mark of one pass over the span, fades it at a code switch, and each span decodes to its code', async () => {
    const frames = 5 * period;
    const split = 3 * period;
    const host = stereo(new SynthTrack(99, Math.ceil(frames / sampleRate)).render(sampleRate).subarray(0, frames));
    // Pieces of one period: the first span is marked in three calls, with two seams.
    const mark = await markInPieces(
      host,
      [
        { start: 0, end: split, code: 0xabcdef },
        { start: split, end: frames, code: 0x00fe01 },
      ],
      1,
    );

    const whole = engine.watermarkSignal(host.slice(0, split * channels), 0xabcdef);
    let markPeak = 0;
    let difference = 0;
    for (let i = 0; i < split - FADE_FRAMES; i++) {
      markPeak = Math.max(markPeak, Math.abs(whole[i]!));
      difference = Math.max(difference, Math.abs(mark[i]! - whole[i]!));
    }
    expect(markPeak).toBeGreaterThan(0);
    expect(difference).toBeLessThan(1e-3 * markPeak);

    // The two spans' marks were made apart: at the switch both fade to nothing.
    for (const frame of [split - 1, split]) expect(Math.abs(mark[frame]!)).toBeLessThan(0.01 * markPeak);
    expect(engine.decodeWatermark(marked(host, mark, 0, split))).toBe(0xabcdef);
    expect(engine.decodeWatermark(marked(host, mark, split, frames))).toBe(0x00fe01);
  }, 60_000);
});
