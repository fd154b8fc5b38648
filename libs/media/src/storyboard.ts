import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FFMPEG_QUIET, runProcess, type MediaToolOptions } from './process.js';
import { safeInputArgs } from './safe-input.js';
import { FfmpegError } from './errors.js';
import { parseMasterPlaylist } from './hls/master-playlist.js';

/** The index the player reads; the sheets sit beside it. */
export const STORYBOARD_INDEX = 'storyboard.vtt';
/** Frames are this wide (the height follows the picture's shape), as PeerTube's and Jellyfin's. */
export const STORYBOARD_TILE_WIDTH = 160;
/** At most this many columns and rows per sheet (a 1600 px wide JPEG of 100 frames). */
export const STORYBOARD_GRID = 10;
/**
 * At most this many frames per video, so a long video gets a few sheets, not hundreds: the
 * interval grows with the duration instead (a 3-hour concert: one frame every 22 s).
 */
export const STORYBOARD_MAX_FRAMES = 500;
/** The shortest interval: the ladder's keyframe spacing (GOP 2 s), so only keyframes are decoded. */
export const STORYBOARD_MIN_INTERVAL = 2;

export interface StoryboardPlan {
  intervalSeconds: number;
  /** Frames in the whole storyboard. */
  frames: number;
  columns: number;
  rows: number;
  sheets: number;
  tileWidth: number;
  tileHeight: number;
}

/**
 * How a video's storyboard is cut: one frame every `intervalSeconds` (an even number of
 * seconds, so every frame is a keyframe of the ladder), 160 px wide tiles on sheets of up to
 * 10 × 10.
 */
export function planStoryboard(durationSeconds: number, width: number, height: number): StoryboardPlan {
  const duration = Math.max(0.001, durationSeconds);
  const intervalSeconds = Math.max(STORYBOARD_MIN_INTERVAL, 2 * Math.ceil(duration / STORYBOARD_MAX_FRAMES / 2));
  const frames = Math.max(1, Math.ceil(duration / intervalSeconds));
  const columns = Math.min(STORYBOARD_GRID, frames);
  const rows = Math.min(STORYBOARD_GRID, Math.ceil(frames / columns));
  const tileWidth = STORYBOARD_TILE_WIDTH;
  const tileHeight = Math.max(2, 2 * Math.round((tileWidth * height) / Math.max(1, width) / 2));
  return {
    intervalSeconds,
    frames,
    columns,
    rows,
    sheets: Math.ceil(frames / (columns * rows)),
    tileWidth,
    tileHeight,
  };
}

export function storyboardSheetName(index: number): string {
  return `sheet-${String(index + 1).padStart(3, '0')}.jpg`;
}

/**
 * One ffmpeg pass: keyframes only (`-skip_frame nokey`: the low rendition has one every 2 s),
 * one frame per interval, scaled and tiled into JPEG sheets.
 */
export class StoryboardCommand {
  constructor(
    private readonly input: string,
    private readonly demuxer: string,
    private readonly outputDir: string,
    private readonly plan: StoryboardPlan,
  ) {}

  args(): string[] {
    const { intervalSeconds, columns, rows, sheets, tileWidth, tileHeight } = this.plan;
    return [
      ...FFMPEG_QUIET,
      '-skip_frame',
      'nokey',
      ...safeInputArgs(this.input, this.demuxer),
      '-map',
      '0:v:0',
      '-an',
      '-sn',
      '-vf',
      [
        'setpts=PTS-STARTPTS',
        `fps=1/${intervalSeconds}:round=down:eof_action=pass`,
        `scale=${tileWidth}:${tileHeight}:flags=bilinear`,
        'setsar=1',
        `tile=${columns}x${rows}`,
        'format=yuvj420p',
      ].join(','),
      '-frames:v',
      String(sheets),
      '-fps_mode',
      'passthrough',
      '-q:v',
      '5',
      '-f',
      'image2',
      '-start_number',
      '1',
      join(this.outputDir, 'sheet-%03d.jpg'),
    ];
  }
}

function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/**
 * The WebVTT index (`sheet-001.jpg#xywh=x,y,w,h` per interval), as PeerTube's storyboards and
 * Jellyfin's trickplay write it. Only frames on the `sheetsWritten` first sheets are listed.
 */
export function renderStoryboardVtt(
  plan: StoryboardPlan,
  durationSeconds: number,
  sheetsWritten = plan.sheets,
): string {
  const perSheet = plan.columns * plan.rows;
  const frames = Math.min(plan.frames, sheetsWritten * perSheet);
  const lines = ['WEBVTT', ''];
  for (let i = 0; i < frames; i++) {
    const start = i * plan.intervalSeconds;
    const end = i === frames - 1 ? Math.max(durationSeconds, start + 0.001) : (i + 1) * plan.intervalSeconds;
    const n = i % perSheet;
    const x = (n % plan.columns) * plan.tileWidth;
    const y = Math.floor(n / plan.columns) * plan.tileHeight;
    lines.push(
      `${vttTime(start)} --> ${vttTime(end)}`,
      `${storyboardSheetName(Math.floor(i / perSheet))}#xywh=${x},${y},${plan.tileWidth},${plan.tileHeight}`,
      '',
    );
  }
  return lines.join('\n');
}

export interface StoryboardResult {
  plan: StoryboardPlan;
  /** Files written in outputDir: the sheets and `storyboard.vtt`. */
  files: string[];
  bytes: number;
  wallMs: number;
}

/**
 * Writes a storyboard of `input` (normally the ladder's lowest rendition, `hls` demuxer) into
 * `outputDir`: JPEG sheets and the WebVTT index.
 */
export async function generateStoryboard(
  options: MediaToolOptions & {
    input: string;
    demuxer: string;
    outputDir: string;
    durationSeconds: number;
    width: number;
    height: number;
  },
): Promise<StoryboardResult> {
  const started = performance.now();
  const plan = planStoryboard(options.durationSeconds, options.width, options.height);
  await mkdir(options.outputDir, { recursive: true });
  await runProcess(
    options.ffmpegPath ?? 'ffmpeg',
    new StoryboardCommand(options.input, options.demuxer, options.outputDir, plan).args(),
    { signal: options.signal, timeoutMs: options.timeoutMs ?? 10 * 60_000, log: options.log },
  );
  const written = new Set(await readdir(options.outputDir));
  let sheets = 0;
  while (sheets < plan.sheets && written.has(storyboardSheetName(sheets))) sheets++;
  if (sheets === 0) throw new FfmpegError('ffmpeg wrote no storyboard sheet', 0, '');
  await writeFile(
    join(options.outputDir, STORYBOARD_INDEX),
    renderStoryboardVtt(plan, options.durationSeconds, sheets),
  );
  const files = [...Array.from({ length: sheets }, (_, i) => storyboardSheetName(i)), STORYBOARD_INDEX];
  let bytes = 0;
  for (const file of files) bytes += (await stat(join(options.outputDir, file))).size;
  return { plan, files, bytes, wallMs: performance.now() - started };
}

export interface LadderRendition {
  /** Media playlist path relative to the ladder's root, e.g. `240p/index.m3u8`. */
  playlist: string;
  width: number;
  height: number;
}

/** The renditions a master playlist lists (RESOLUTION and URI of each variant). */
export function renditionsOfMaster(text: string): LadderRendition[] {
  return parseMasterPlaylist(text).variants.flatMap((v) => {
    const [width, height] = (v.attributes.get('RESOLUTION') ?? '').split('x').map(Number);
    return width && height ? [{ playlist: v.uri, width, height }] : [];
  });
}

/** The smallest rendition: decoding it costs least, and a 160 px frame needs no more. */
export function lowestRendition<T extends LadderRendition>(renditions: readonly T[]): T {
  const lowest = [...renditions].sort((a, b) => a.width * a.height - b.width * b.height)[0];
  if (!lowest) throw new Error('The ladder has no video rendition');
  return lowest;
}

/**
 * A storyboard from a written ladder (a local folder holding at least the lowest rendition):
 * its lowest rendition is read through the `hls` demuxer, files only.
 */
export function storyboardFromLadder(
  options: MediaToolOptions & {
    ladderDir: string;
    renditions: readonly LadderRendition[];
    durationSeconds: number;
    outputDir: string;
  },
): Promise<StoryboardResult> {
  const { ladderDir, renditions, ...rest } = options;
  const lowest = lowestRendition(renditions);
  return generateStoryboard({
    ...rest,
    input: join(ladderDir, lowest.playlist),
    demuxer: 'hls',
    width: lowest.width,
    height: lowest.height,
  });
}
