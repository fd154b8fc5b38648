import { open, type FileHandle } from 'node:fs/promises';
import { BadMediaError, FfmpegError } from '../errors.js';
import { runProcess, type MediaToolOptions } from '../process.js';
import { safeInputArgs } from '../safe-input.js';
import { sniffMediaFile } from '../sniff.js';

export interface PcmFormat {
  sampleRate: number;
  channels: number;
}

export interface PcmWindow {
  /** Seconds from the start of the file. */
  start?: number;
  duration?: number;
}

/** Decodes the first audio stream to interleaved 32-bit float samples on stdout. */
export class PcmExtractCommand {
  constructor(
    private readonly input: string,
    private readonly demuxer: string,
    private readonly format: PcmFormat,
    private readonly window: PcmWindow = {},
  ) {}

  args(): string[] {
    const args = ['-hide_banner', '-nostdin', '-loglevel', 'error'];
    // Input-side seek: ffmpeg jumps close to the point instead of decoding everything before it.
    if (this.window.start) args.push('-ss', this.window.start.toFixed(3));
    if (this.window.duration !== undefined) args.push('-t', this.window.duration.toFixed(3));
    args.push(
      ...safeInputArgs(this.input, this.demuxer),
      '-map',
      '0:a:0',
      '-vn',
      '-ac',
      String(this.format.channels),
      '-ar',
      String(this.format.sampleRate),
      '-f',
      'f32le',
      '-acodec',
      'pcm_f32le',
      'pipe:1',
    );
    return args;
  }
}

/**
 * The audio of a video or audio file as interleaved Float32 samples (channel 0, channel 1,
 * …), resampled to `format`. 48 kHz stereo is about 23 MB per minute: for long files, read
 * it in windows (`start`/`duration`) and write with createWavWriter.
 */
export async function extractAudioPcm(
  input: string,
  format: PcmFormat,
  options: MediaToolOptions & PcmWindow = {},
): Promise<Float32Array> {
  const container = await sniffMediaFile(input, 'audio').catch(() => sniffMediaFile(input, 'video'));
  let stdout: Buffer;
  try {
    ({ stdout } = await runProcess(
      options.ffmpegPath ?? 'ffmpeg',
      new PcmExtractCommand(input, container.demuxer, format, options).args(),
      { collectStdout: true, signal: options.signal, timeoutMs: options.timeoutMs, log: options.log },
    ));
  } catch (error) {
    if (error instanceof FfmpegError && /matches no streams|does not contain any stream/i.test(error.stderrTail)) {
      throw new BadMediaError('The file contains no audio stream', 'no_audio', { cause: error });
    }
    throw error;
  }
  // Copy into a fresh, aligned buffer: the collected Buffer may sit at any byte offset.
  const samples = new Float32Array(Math.floor(stdout.length / 4));
  new Uint8Array(samples.buffer).set(stdout.subarray(0, samples.length * 4));
  return samples;
}

const WAVE_FORMAT_IEEE_FLOAT = 3;
const HEADER_BYTES = 58; // RIFF(12) + fmt (8+18) + fact(8+4) + data header(8)

/** A 32-bit float WAV header (with the fact chunk that non-PCM WAV requires). */
export function wavHeader(dataBytes: number, sampleRate: number, channels: number): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  const blockAlign = channels * 4;
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(HEADER_BYTES - 8 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(18, 16);
  header.writeUInt16LE(WAVE_FORMAT_IEEE_FLOAT, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(32, 34);
  header.writeUInt16LE(0, 36); // cbSize
  header.write('fact', 38, 'ascii');
  header.writeUInt32LE(4, 42);
  header.writeUInt32LE(Math.floor(dataBytes / blockAlign), 46);
  header.write('data', 50, 'ascii');
  header.writeUInt32LE(dataBytes, 54);
  return header;
}

/** Writes interleaved float samples as a WAV file that ffmpeg (and the ladder) reads. */
export async function writeWav(path: string, pcm: Float32Array, sampleRate: number, channels: number): Promise<void> {
  const writer = await createWavWriter(path, sampleRate, channels);
  try {
    await writer.write(pcm);
  } finally {
    await writer.close();
  }
}

export interface WavWriter {
  write(pcm: Float32Array): Promise<void>;
  /** Writes the final sizes into the header and closes the file. */
  close(): Promise<void>;
}

/** Streams float samples into a WAV file, so long audio never has to sit in memory whole. */
export async function createWavWriter(path: string, sampleRate: number, channels: number): Promise<WavWriter> {
  const handle: FileHandle = await open(path, 'w');
  let dataBytes = 0;
  await handle.write(wavHeader(0, sampleRate, channels), 0, HEADER_BYTES, 0);
  let closed = false;
  return {
    async write(pcm) {
      if (pcm.length % channels !== 0) throw new Error('PCM length is not a whole number of frames');
      const bytes = Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
      // WAV stores little-endian floats; so does every platform Node runs the worker on.
      await handle.write(bytes, 0, bytes.length, HEADER_BYTES + dataBytes);
      dataBytes += bytes.length;
      if (HEADER_BYTES + dataBytes > 0xffffffff) throw new Error('WAV file would exceed 4 GB');
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await handle.write(wavHeader(dataBytes, sampleRate, channels), 0, HEADER_BYTES, 0);
      } finally {
        await handle.close();
      }
    },
  };
}
