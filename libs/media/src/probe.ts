import { BadMediaError, FfmpegError } from './errors.js';
import { FFPROBE_QUIET, runProcess, type MediaToolOptions } from './process.js';
import { safeInputArgs } from './safe-input.js';
import { sniffMediaFile, type MediaKind, type SniffedContainer } from './sniff.js';

export interface StreamInfo {
  index: number;
  type: 'video' | 'audio' | 'subtitle' | 'data' | 'attachment' | 'unknown';
  codec: string;
  profile?: string;
  /** H.264 level as ffprobe reports it (e.g. 40 for 4.0). */
  level?: number;
  pixFmt?: string;
  width?: number;
  height?: number;
  /** Bits per second, when the container or the stream says it. */
  bitRate?: number;
  fps?: number;
  sampleRate?: number;
  channels?: number;
  /** Sample aspect ratio, e.g. "1:1". */
  sar?: string;
  /** Display rotation in degrees (phone videos), 0 when none. */
  rotation: number;
  /** When the stream's first sample is presented (seconds); may differ between streams. */
  startSeconds?: number;
  /** The stream's own length as its container declares it (MP4 does, Matroska does not). */
  durationSeconds?: number;
  /** Cover art inside audio files is a "video" stream to ffprobe; it is not a video. */
  attachedPicture: boolean;
}

export interface MediaProbe {
  container: SniffedContainer;
  formatName: string;
  durationSeconds: number;
  /** Overall bits per second. */
  bitRate?: number;
  /** The earliest start of any stream: ffmpeg's outputs count time from here. */
  startSeconds?: number;
  streams: StreamInfo[];
  /** The first real video stream (cover art excluded). */
  video?: StreamInfo;
  /** The first audio stream. */
  audio?: StreamInfo;
  hasAudio: boolean;
}

export class FfprobeCommand {
  constructor(
    private readonly path: string,
    private readonly demuxer: string,
  ) {}

  args(): string[] {
    return [
      ...FFPROBE_QUIET,
      ...safeInputArgs(this.path, this.demuxer),
      '-show_format',
      '-show_streams',
      '-of',
      'json',
    ];
  }
}

/** Packet-level scan of the first video stream: demux only, no decoding, so it is fast. */
export class KeyframeScanCommand {
  constructor(
    private readonly path: string,
    private readonly demuxer: string,
  ) {}

  args(): string[] {
    return [
      ...FFPROBE_QUIET,
      ...safeInputArgs(this.path, this.demuxer),
      '-select_streams',
      'v:0',
      '-show_entries',
      'packet=pts_time,size,flags',
      '-of',
      'csv=p=0',
    ];
  }
}

export interface ProbeOptions extends MediaToolOptions {
  /** Longest accepted media, in seconds (default 4 h). */
  maxDurationSeconds?: number;
}

const MAX_DIMENSION = 8192;

/**
 * Checks the container by its bytes, then asks ffprobe (local file protocol only) what is
 * inside. Throws BadMediaError with a readable message for anything that is not `kind`.
 */
export async function probeMedia(path: string, kind: MediaKind, options: ProbeOptions = {}): Promise<MediaProbe> {
  const container = await sniffMediaFile(path, kind);
  let stdout: Buffer;
  try {
    ({ stdout } = await runProcess(
      options.ffprobePath ?? 'ffprobe',
      new FfprobeCommand(path, container.demuxer).args(),
      {
        collectStdout: true,
        signal: options.signal,
        timeoutMs: options.timeoutMs ?? 60_000,
        log: options.log,
      },
    ));
  } catch (error) {
    if (error instanceof FfmpegError && error.exitCode !== null) {
      throw new BadMediaError(
        `The ${kind} file is damaged or not a ${container.ext.toUpperCase()} file`,
        'invalid_media',
        {
          cause: error,
        },
      );
    }
    throw error;
  }
  const probe = parseFfprobeJson(stdout.toString('utf8'), container);
  validateProbe(probe, kind, options.maxDurationSeconds ?? 4 * 3600);
  return probe;
}

interface RawStream {
  index?: number;
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  level?: number;
  pix_fmt?: string;
  width?: number;
  height?: number;
  bit_rate?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  sample_rate?: string;
  channels?: number;
  sample_aspect_ratio?: string;
  duration?: string;
  start_time?: string;
  disposition?: { attached_pic?: number };
  tags?: Record<string, string>;
  side_data_list?: { rotation?: number }[];
}

interface RawProbe {
  streams?: RawStream[];
  format?: { format_name?: string; duration?: string; bit_rate?: string; start_time?: string };
}

export function parseFfprobeJson(json: string, container: SniffedContainer): MediaProbe {
  const raw = JSON.parse(json) as RawProbe;
  const rawStreams = raw.streams ?? [];
  const streams = rawStreams.map(toStreamInfo);
  const video = streams.find((s) => s.type === 'video' && !s.attachedPicture);
  const audio = streams.find((s) => s.type === 'audio');

  // Matroska and MPEG-TS carry no per-stream bit rate: derive the video's from the total.
  const totalBitRate = positiveNumber(raw.format?.bit_rate);
  if (video && video.bitRate === undefined && totalBitRate !== undefined) {
    const audioBits = streams.filter((s) => s.type === 'audio').reduce((sum, s) => sum + (s.bitRate ?? 128_000), 0);
    video.bitRate = Math.max(0, totalBitRate - audioBits);
  }

  const streamDurations = rawStreams.map((s) => positiveNumber(s.duration) ?? 0);
  const durationSeconds = positiveNumber(raw.format?.duration) ?? Math.max(0, ...streamDurations);

  return {
    container,
    formatName: raw.format?.format_name ?? container.demuxer,
    durationSeconds,
    bitRate: totalBitRate,
    startSeconds: finiteNumber(raw.format?.start_time),
    streams,
    video,
    audio,
    hasAudio: audio !== undefined,
  };
}

function toStreamInfo(s: RawStream, position: number): StreamInfo {
  const type =
    (['video', 'audio', 'subtitle', 'data', 'attachment'] as const).find((t) => t === s.codec_type) ?? 'unknown';
  const rotationSide = s.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation;
  const rotation = Math.abs(rotationSide ?? Number(s.tags?.rotate ?? 0)) % 360;
  return {
    index: s.index ?? position,
    type,
    codec: s.codec_name ?? 'unknown',
    profile: s.profile,
    level: s.level,
    pixFmt: s.pix_fmt,
    width: s.width,
    height: s.height,
    bitRate: positiveNumber(s.bit_rate),
    fps: type === 'video' ? (parseRate(s.avg_frame_rate) ?? parseRate(s.r_frame_rate)) : undefined,
    sampleRate: positiveNumber(s.sample_rate),
    channels: s.channels,
    sar: s.sample_aspect_ratio && s.sample_aspect_ratio !== '0:1' ? s.sample_aspect_ratio : undefined,
    rotation: Number.isFinite(rotation) ? rotation : 0,
    startSeconds: finiteNumber(s.start_time),
    durationSeconds: positiveNumber(s.duration),
    attachedPicture: s.disposition?.attached_pic === 1,
  };
}

function validateProbe(probe: MediaProbe, kind: MediaKind, maxDuration: number): void {
  if (kind === 'video') {
    const v = probe.video;
    if (!v) throw new BadMediaError('The file contains no video stream', 'no_video');
    if (!v.width || !v.height || v.width < 16 || v.height < 16) {
      throw new BadMediaError('The video has no usable picture size', 'invalid_media');
    }
    if (v.width > MAX_DIMENSION || v.height > MAX_DIMENSION) {
      throw new BadMediaError(`The video is larger than ${MAX_DIMENSION} pixels on a side`, 'too_large');
    }
  } else if (!probe.audio) {
    throw new BadMediaError('The file contains no audio stream', 'no_audio');
  }
  if (!(probe.durationSeconds > 0)) {
    throw new BadMediaError(`The ${kind} has no duration (it may be empty or cut short)`, 'invalid_media');
  }
  if (probe.durationSeconds > maxDuration) {
    throw new BadMediaError(`The ${kind} is longer than ${Math.round(maxDuration / 60)} minutes`, 'too_large');
  }
}

export interface KeyframeScan {
  /** Presentation times of the video keyframes, ascending, in seconds. */
  keyframeTimes: number[];
  /** Average video bit rate over the whole stream (bits/s). */
  averageBitRate: number;
  /** Highest bit rate over any window of `windowSeconds` (bits/s). */
  peakBitRate: number;
}

/** Reads packet times, sizes and keyframe flags of the first video stream (no decoding). */
export async function scanKeyframes(
  path: string,
  container: SniffedContainer,
  options: MediaToolOptions & { windowSeconds?: number } = {},
): Promise<KeyframeScan> {
  const { stdout } = await runProcess(
    options.ffprobePath ?? 'ffprobe',
    new KeyframeScanCommand(path, container.demuxer).args(),
    { collectStdout: true, signal: options.signal, timeoutMs: options.timeoutMs ?? 120_000, log: options.log },
  );
  return summarisePackets(stdout.toString('utf8'), options.windowSeconds ?? 4);
}

/** Pure part of scanKeyframes: `pts_time,size,flags` CSV lines in, keyframes and bit rates out. */
export function summarisePackets(csv: string, windowSeconds: number): KeyframeScan {
  const packets: { t: number; bytes: number; key: boolean }[] = [];
  for (const line of csv.split('\n')) {
    const [pts, size, flags] = line.trim().split(',');
    const t = Number(pts);
    if (!pts || pts === 'N/A' || !Number.isFinite(t)) continue;
    packets.push({ t, bytes: Number(size) || 0, key: (flags ?? '').startsWith('K') });
  }
  packets.sort((a, b) => a.t - b.t);
  const keyframeTimes = packets.filter((p) => p.key).map((p) => p.t);
  if (packets.length < 2) return { keyframeTimes, averageBitRate: 0, peakBitRate: 0 };

  const first = packets[0]!.t;
  const span = Math.max(packets[packets.length - 1]!.t - first, 1e-3);
  const totalBits = packets.reduce((sum, p) => sum + p.bytes * 8, 0);

  // Fixed windows (like segments) give the peak a player would see.
  const windows = new Map<number, number>();
  for (const p of packets) {
    const w = Math.floor((p.t - first) / windowSeconds);
    windows.set(w, (windows.get(w) ?? 0) + p.bytes * 8);
  }
  const fullWindowSeconds = Math.min(windowSeconds, span);
  const peakBitRate = Math.max(...windows.values()) / fullWindowSeconds;
  return { keyframeTimes, averageBitRate: totalBits / span, peakBitRate };
}

function parseRate(rate: string | undefined): number | undefined {
  if (!rate) return undefined;
  const [num, den] = rate.split('/').map(Number);
  if (!num || !den) return undefined;
  const fps = num / den;
  return fps > 0 && fps < 1000 ? fps : undefined;
}

function finiteNumber(value: string | number | undefined): number | undefined {
  const n = Number(value);
  return value !== undefined && Number.isFinite(n) ? n : undefined;
}

function positiveNumber(value: string | number | undefined): number | undefined {
  const n = Number(value);
  return value !== undefined && Number.isFinite(n) && n > 0 ? n : undefined;
}
