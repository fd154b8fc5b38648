import type { KeyframeScan, MediaProbe, StreamInfo } from '../probe.js';

/**
 * The ladder of DESIGN.md §5. `shortSide` is the height of a landscape picture and the
 * width of a portrait one, so a 1080×1920 phone video gets the same rungs as 1920×1080.
 * Caps are for up to 30 fps; above 30 fps they grow by half (more frames, more bits).
 */
export const LADDER_RUNGS = [
  { name: '1080p', shortSide: 1080, maxrateKbps: 5000 },
  { name: '720p', shortSide: 720, maxrateKbps: 3000 },
  { name: '480p', shortSide: 480, maxrateKbps: 1500 },
  { name: '360p', shortSide: 360, maxrateKbps: 900 },
  { name: '240p', shortSide: 240, maxrateKbps: 450 },
] as const;

export const GOP_SECONDS = 2;
export const SEGMENT_SECONDS = 4;
export const MAX_FPS = 60;
export const AUDIO = { codec: 'aac', bitrateKbps: 192, sampleRate: 48_000, channels: 2 } as const;

/** copyVerdict's answer when only the keyframe scan is missing before a remux can be decided. */
export const NEEDS_KEYFRAME_SCAN = 'keyframes were not scanned';

export type RenditionMode = 'encode' | 'copy';

export interface PlannedRendition {
  name: string;
  width: number;
  height: number;
  mode: RenditionMode;
  /** VBV cap of an encoded rendition (kbit/s); the source's average for a copy. */
  maxrateKbps: number;
  bufsizeKbps: number;
}

export interface LadderPlan {
  /** Highest first. */
  renditions: PlannedRendition[];
  /** Output frame rate (the source's, halved until it is at most 60). */
  fps: number;
  /** Set when the source runs above 60 fps and frames must be dropped. */
  fpsFilter?: number;
  /** Keyframe interval in frames, GOP_SECONDS at the output frame rate. */
  gopFrames: number;
  audio: 'source' | 'external' | 'none';
  /** Why the top rendition is encoded although copying was considered (for logs). */
  copyRefusedBecause?: string;
}

export interface PlanOptions {
  /** Result of scanKeyframes, needed before a rendition can be a remux. */
  keyframes?: KeyframeScan;
  /** A pre-processed audio file (watermarked WAV) replaces the source's audio. */
  externalAudio?: boolean;
  /** Restrict the ladder to these short sides (e.g. [720] for a single rendition). */
  onlyShortSides?: readonly number[];
  /** Never remux, even when the source qualifies. */
  disableCopy?: boolean;
}

export function capKbps(maxrateKbps: number, fps: number): number {
  return fps > 30 ? Math.round(maxrateKbps * 1.5) : maxrateKbps;
}

/** Chooses renditions, sizes, frame rate and the copy path for a probed source. Pure. */
export function planLadder(probe: MediaProbe, options: PlanOptions = {}): LadderPlan {
  const video = probe.video;
  if (!video?.width || !video.height) throw new Error('planLadder needs a probed video stream');

  const { width: displayWidth, height: displayHeight } = displaySize(video);
  const portrait = displayHeight > displayWidth;
  const sourceShort = Math.min(displayWidth, displayHeight);

  let fps = video.fps && video.fps > 0 ? video.fps : 30;
  let fpsFilter: number | undefined;
  while (fps > MAX_FPS) {
    fps /= 2;
    fpsFilter = fps;
  }
  const gopFrames = Math.max(1, Math.round(fps * GOP_SECONDS));

  let rungs: { name: string; shortSide: number; maxrateKbps: number }[] = LADDER_RUNGS.filter(
    (r) => r.shortSide <= sourceShort && (!options.onlyShortSides || options.onlyShortSides.includes(r.shortSide)),
  );
  if (rungs.length === 0) {
    // Smaller than the lowest rung (or the filter removed all): one rendition at the source size.
    const lowest = LADDER_RUNGS[LADDER_RUNGS.length - 1];
    rungs = [{ name: `${even(sourceShort)}p`, shortSide: even(sourceShort), maxrateKbps: lowest.maxrateKbps }];
  }

  const renditions: PlannedRendition[] = rungs.map((rung) => {
    const long = even((Math.max(displayWidth, displayHeight) * rung.shortSide) / sourceShort);
    const maxrate = capKbps(rung.maxrateKbps, fps);
    return {
      name: rung.name,
      width: portrait ? rung.shortSide : long,
      height: portrait ? long : rung.shortSide,
      mode: 'encode',
      maxrateKbps: maxrate,
      bufsizeKbps: maxrate * 2,
    };
  });

  const top = renditions[0]!;
  let copyRefusedBecause: string | undefined;
  if (!options.disableCopy) {
    const verdict = copyVerdict(video, top, fps, fpsFilter, options.keyframes, probe.durationSeconds);
    if (verdict === true) {
      top.mode = 'copy';
      top.maxrateKbps = Math.round((options.keyframes?.peakBitRate ?? video.bitRate ?? 0) / 1000);
      top.bufsizeKbps = top.maxrateKbps * 2;
    } else {
      copyRefusedBecause = verdict;
    }
  }

  const audio = options.externalAudio ? 'external' : probe.hasAudio ? 'source' : 'none';
  return { renditions, fps, fpsFilter, gopFrames, audio, copyRefusedBecause };
}

/**
 * A remux is only correct when the copied stream looks exactly like an encoded rendition
 * would: same size, a codec/profile every player decodes, within the bit rate cap, and
 * keyframes on the same 2 s grid as the encoded renditions (otherwise switching between
 * renditions would no longer happen at aligned keyframes). Returns true or the reason.
 */
export function copyVerdict(
  video: StreamInfo,
  top: PlannedRendition,
  fps: number,
  fpsFilter: number | undefined,
  keyframes: KeyframeScan | undefined,
  durationSeconds: number,
): true | string {
  if (video.codec !== 'h264') return `codec is ${video.codec}, not h264`;
  if (video.pixFmt !== 'yuv420p') return `pixel format is ${video.pixFmt ?? 'unknown'}, not yuv420p`;
  if (!['Baseline', 'Constrained Baseline', 'Main', 'High'].includes(video.profile ?? '')) {
    return `H.264 profile ${video.profile ?? 'unknown'} is not playable everywhere`;
  }
  if (video.rotation !== 0) return 'the picture is rotated by metadata';
  if (video.sar && video.sar !== '1:1') return `pixels are not square (${video.sar})`;
  if (video.width !== top.width || video.height !== top.height) {
    return `size ${video.width}x${video.height} is not a ladder size`;
  }
  if (fpsFilter !== undefined || !video.fps) return 'frame rate is unknown or above 60';
  if (!keyframes) return NEEDS_KEYFRAME_SCAN;

  const cap = top.maxrateKbps * 1000;
  if (!(keyframes.averageBitRate > 0) || keyframes.averageBitRate > cap) {
    return `bit rate ${Math.round(keyframes.averageBitRate / 1000)} kbit/s is above the ${top.maxrateKbps} kbit/s cap`;
  }
  if (keyframes.peakBitRate > 2 * cap) return 'bit rate peaks above twice the cap';
  if (!keyframesOnGrid(keyframes.keyframeTimes, fps, durationSeconds)) {
    return `keyframes are not every ${GOP_SECONDS} s`;
  }
  return true;
}

/** True when there is a keyframe at every multiple of GOP_SECONDS (within half a frame). */
export function keyframesOnGrid(times: readonly number[], fps: number, durationSeconds: number): boolean {
  if (times.length === 0) return false;
  const start = times[0]!;
  const tolerance = 0.5 / fps;
  let i = 0;
  for (let t = 0; t < durationSeconds - tolerance; t += GOP_SECONDS) {
    while (i < times.length && times[i]! - start < t - tolerance) i++;
    if (i >= times.length || Math.abs(times[i]! - start - t) > tolerance) return false;
  }
  return true;
}

function displaySize(video: StreamInfo): { width: number; height: number } {
  let width = video.width!;
  const height = video.height!;
  const [sarNum, sarDen] = (video.sar ?? '1:1').split(':').map(Number);
  if (sarNum && sarDen && sarNum !== sarDen) width = Math.round((width * sarNum) / sarDen);
  return video.rotation === 90 || video.rotation === 270 ? { width: height, height: width } : { width, height };
}

function even(n: number): number {
  return Math.max(2, Math.round(n / 2) * 2);
}
