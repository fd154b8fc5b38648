import { BadMediaError } from './errors.js';
import type { MediaProbe } from './probe.js';
import { FFPROBE_QUIET, runProcess, type MediaToolOptions } from './process.js';
import { safeInputArgs } from './safe-input.js';

/**
 * A file's header says how long it is; a file cut short in transfer (a faststart MP4 whose
 * moov lists every sample of 30 s, followed by 10 % of the data) still parses and probes as
 * 30 s. These checks compare what is really there, or what was produced, with that promise.
 */

/**
 * How far short of the expected length media may end and still count as whole: streams of
 * one file rarely end together to the frame (audio priming, a last frame's duration, edit
 * lists), so 1 s, or 0.5 % of long media. A cut file is short by far more.
 */
export function durationTolerance(expectedSeconds: number): number {
  return Math.max(1, expectedSeconds * 0.005);
}

/** Fails with the sentence staff see when `endSeconds` is short of `expectedSeconds`. */
export function assertEndsWhole(endSeconds: number, expectedSeconds: number): void {
  if (endSeconds >= expectedSeconds - durationTolerance(expectedSeconds)) return;
  throw new BadMediaError(
    `The upload ends at ${formatSeconds(endSeconds)} of ${formatSeconds(expectedSeconds)}: the file is truncated; upload it again`,
    'truncated',
  );
}

/** 2.7 s, 30 s, 4:05, 1:02:03: how a person reads a position in a video. */
export function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds * 10) / 10} s`;
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Packets are read from this far before the expected end (one seek, a few seconds of demuxing). */
const TAIL_SECONDS = 10;

export interface MediaEndCheck {
  /** Where the readable data of the used streams ends, from the start of the media (seconds). */
  endSeconds: number;
  wallMs: number;
}

/**
 * Checks that the file holds data up to the end its header announces, without decoding: one
 * ffprobe run (file protocol only) seeks to the last seconds through the container's index
 * and reads the packets there. A cut MP4 has no packets there (its index points past the end
 * of the file), a cut Matroska file ends early when read on. Only when the end is missing is
 * the file read again from its start, to say where it ends. Throws BadMediaError 'truncated'.
 */
export async function checkMediaEnd(
  path: string,
  probe: MediaProbe,
  options: MediaToolOptions = {},
): Promise<MediaEndCheck> {
  const started = performance.now();
  const expected = probe.durationSeconds;
  const start = probe.startSeconds ?? 0;
  const streams = new Set([probe.video?.index, probe.audio?.index].filter((i) => i !== undefined));
  const from = Math.max(0, start + expected - TAIL_SECONDS);
  let end = await readPacketsEnd(path, probe.container.demuxer, streams, from > 0 ? from : undefined, options);
  // Nothing readable after the seek point: the data ends before it. Where, the whole read says.
  if (end === undefined && from > 0) {
    end = await readPacketsEnd(path, probe.container.demuxer, streams, undefined, options);
  }
  const endSeconds = Math.max(0, (end ?? start) - start);
  assertEndsWhole(endSeconds, expected);
  return { endSeconds, wallMs: performance.now() - started };
}

/** The latest packet end (pts + duration) of `streams`, reading from `fromSeconds` (or the start). */
async function readPacketsEnd(
  path: string,
  demuxer: string,
  streams: Set<number>,
  fromSeconds: number | undefined,
  options: MediaToolOptions,
): Promise<number | undefined> {
  const args = [
    ...FFPROBE_QUIET,
    ...(fromSeconds !== undefined ? ['-read_intervals', `${fromSeconds.toFixed(3)}%`] : []),
    ...safeInputArgs(path, demuxer),
    '-show_entries',
    'packet=stream_index,pts_time,dts_time,duration_time',
    '-of',
    'compact=p=0',
  ];
  const { stdout } = await runProcess(options.ffprobePath ?? 'ffprobe', args, {
    collectStdout: true,
    signal: options.signal,
    timeoutMs: options.timeoutMs ?? 120_000,
    log: options.log,
  });
  return latestPacketEnd(stdout.toString('utf8'), streams);
}

/** Pure part of the end check: `key=value|…` packet lines in, the latest end of `streams` out. */
export function latestPacketEnd(compact: string, streams: Set<number>): number | undefined {
  let latest: number | undefined;
  for (const line of compact.split('\n')) {
    if (!line.trim()) continue;
    const fields = new Map(line.split('|').map((pair) => pair.split('=', 2) as [string, string]));
    if (!streams.has(Number(fields.get('stream_index')))) continue;
    const time = Number(fields.get('pts_time') ?? NaN);
    const at = Number.isFinite(time) ? time : Number(fields.get('dts_time') ?? NaN);
    if (!Number.isFinite(at)) continue;
    const duration = Number(fields.get('duration_time') ?? NaN);
    const end = at + (Number.isFinite(duration) ? duration : 0);
    latest = latest === undefined ? end : Math.max(latest, end);
  }
  return latest;
}
