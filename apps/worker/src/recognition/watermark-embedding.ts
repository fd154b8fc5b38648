import { MediaAbortedError } from '@app/media';
import type { TimelineSpan } from './watermark-timeline.js';

/** A span of the audio in sample frames, and the code embedded over it. */
export interface CodedSpan {
  start: number;
  end: number;
  code: number;
}

/**
 * One embedding call: the frames [readStart, readEnd) go through the embedder, and only
 * [writeStart, writeEnd) of its output is kept. The extra frames on either side are the
 * neighbouring watermark periods, so a piece's mark near its edges is the one a single pass
 * over the whole span would give (each period of the mark depends on the audio around it).
 */
export interface EmbedBlock {
  code: number;
  spanStart: number;
  spanEnd: number;
  readStart: number;
  readEnd: number;
  writeStart: number;
  writeEnd: number;
}

/**
 * The timeline's spans in frames of the decoded audio, each with its registered code. The
 * audio may be a little longer or shorter than the probed duration: the last span runs to
 * its end, and spans that start after it are dropped.
 */
export function toCodedSpans(
  spans: readonly TimelineSpan[],
  codeOf: ReadonlyMap<number | null, number>,
  totalFrames: number,
  sampleRate: number,
): CodedSpan[] {
  const coded: CodedSpan[] = [];
  spans.forEach((span, i) => {
    const start = Math.min(totalFrames, Math.round(span.start * sampleRate));
    const end = i === spans.length - 1 ? totalFrames : Math.min(totalFrames, Math.round(span.end * sampleRate));
    if (end <= start) return;
    const code = codeOf.get(span.videoTrackId);
    if (code === undefined) throw new Error(`No watermark code was assigned to span ${span.start}-${span.end} s`);
    coded.push({ start, end, code });
  });
  return coded;
}

/**
 * Cuts every span into pieces of `blockPeriods` watermark periods, counted from the span's
 * start, so every piece (and its context) starts on the span's own period grid: embedding the
 * pieces one by one gives the same mark as one pass over the span, in bounded memory.
 */
export function planEmbedBlocks(spans: readonly CodedSpan[], periodFrames: number, blockPeriods: number): EmbedBlock[] {
  if (!(periodFrames > 0) || !Number.isInteger(periodFrames))
    throw new Error('periodFrames must be a positive integer');
  const blockFrames = periodFrames * Math.max(1, Math.floor(blockPeriods));
  const blocks: EmbedBlock[] = [];
  for (const span of spans) {
    for (let start = span.start; start < span.end; start += blockFrames) {
      const end = Math.min(span.end, start + blockFrames);
      blocks.push({
        code: span.code,
        spanStart: span.start,
        spanEnd: span.end,
        readStart: Math.max(span.start, start - periodFrames),
        readEnd: Math.min(span.end, end + periodFrames),
        writeStart: start,
        writeEnd: end,
      });
    }
  }
  return blocks;
}

export interface EmbedTimelineInput {
  blocks: readonly EmbedBlock[];
  /** Frames in the whole audio: its very start and end are no code switch, so no fade there. */
  totalFrames: number;
  /** Fade of the mark at each code switch, so it never steps abruptly (frames). */
  fadeFrames: number;
  /** Interleaved host samples of frames [start, end). */
  read(start: number, end: number): Promise<Float32Array>;
  /** The mark (mono, one sample per frame of `host`) carrying `code` from its first frame. */
  mark(host: Float32Array, code: number): Float32Array | Promise<Float32Array>;
  /** Blocks read and marked at the same time (default 1): one per embedding thread. */
  concurrency?: number;
  signal?: AbortSignal;
}

interface MarkedBlock {
  block: EmbedBlock;
  mark: Float32Array;
}

/**
 * Makes the mark of every block and yields it (mono) in timeline order, without gaps. At most
 * `concurrency` blocks are in the works ahead of the one taken last, so a slow reader (the
 * ladder's ffmpeg) holds the embedding back instead of filling memory.
 */
export async function* embedTimeline(input: EmbedTimelineInput): AsyncGenerator<Float32Array, void, undefined> {
  const { blocks, fadeFrames, totalFrames } = input;
  const concurrency = Math.max(1, input.concurrency ?? 1);
  const inWorks: Promise<MarkedBlock>[] = [];
  const start = async (block: EmbedBlock): Promise<MarkedBlock> => {
    const host = await input.read(block.readStart, block.readEnd);
    return { block, mark: await input.mark(host, block.code) };
  };
  let next = 0;
  while (next < blocks.length || inWorks.length > 0) {
    while (next < blocks.length && inWorks.length < concurrency) {
      if (input.signal?.aborted) throw new MediaAbortedError('Watermark embedding was stopped: aborted');
      const work = start(blocks[next++]!);
      // Awaited below; if the reader stops early it never is, and must not crash the process.
      work.catch(() => undefined);
      inWorks.push(work);
    }
    const { block, mark } = await inWorks.shift()!;
    // A code switch: the two spans' marks were made separately, so each fades out at the switch.
    const fade = (from: number, to: number, gainAt: (frame: number) => number): void => {
      for (let frame = Math.max(from, block.writeStart); frame < Math.min(to, block.writeEnd); frame++) {
        mark[frame - block.readStart]! *= gainAt(frame);
      }
    };
    if (block.spanStart > 0) {
      fade(block.spanStart, block.spanStart + fadeFrames, (frame) => (frame - block.spanStart + 0.5) / fadeFrames);
    }
    if (block.spanEnd < totalFrames) {
      fade(block.spanEnd - fadeFrames, block.spanEnd, (frame) => (block.spanEnd - frame - 0.5) / fadeFrames);
    }
    yield mark.subarray(block.writeStart - block.readStart, block.writeEnd - block.readStart);
  }
}
