import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { runProcess } from '@app/media';
import type { DemoProfile, DemoVideo } from './catalogue.js';
import { cached, forEachConcurrently, generationConcurrency, pruneCache, slug, specHash } from './media-cache.js';
import type { RenderedAlbums } from './music.js';

/** Silence between two excerpts: the track wizard starts the next one a second after the last. */
const GAP_SECONDS = 1;
const FPS = 25;

/** One excerpt of an album track on a video's timeline (becomes a video_tracks row). */
export interface PlacedSegment {
  album: number;
  track: number;
  /** Seconds on the video's timeline. */
  start: number;
  end: number;
  /** Where in the album track the excerpt starts. */
  offset: number;
}

export interface RenderedVideo {
  video: DemoVideo;
  path: string;
  duration: number;
  segments: PlacedSegment[];
}

const round = (x: number): number => Math.round(x * 100) / 100;

/** Lays the video's excerpts end to end with a one-second gap, filling its whole length. */
export function placeSegments(video: DemoVideo, duration: number, trackSeconds: (a: number, t: number) => number) {
  const n = video.segments.length;
  const length = (duration - GAP_SECONDS * (n - 1)) / n;
  let previousEnd = -GAP_SECONDS;
  return video.segments.map((segment, i): PlacedSegment => {
    const start = round(previousEnd + GAP_SECONDS);
    const end = i === n - 1 ? duration : round(start + length);
    previousEnd = end;
    const available = trackSeconds(segment.album, segment.track) - (end - start);
    // Skip the intro, differently for each video, but never run past the track's end.
    const offset = round(Math.max(0, Math.min(available - 0.5, 2 + ((video.id * 7 + i * 5) % 9))));
    return { album: segment.album, track: segment.track, start, end, offset };
  });
}

const PALETTES = [
  ['#ff2a6d', '#05d9e8', '#7b2cbf', '#01012b'],
  ['#f72585', '#4cc9f0', '#3a0ca3', '#ffd60a'],
  ['#ff9f1c', '#2ec4b6', '#e71d36', '#011627'],
  ['#e9c46a', '#1d3557', '#e76f51', '#2a9d8f'],
];
const MANDELBROT_POINTS = [
  [-0.743643887037151, 0.13182590420533],
  [-1.25066, 0.02012],
  [-0.7453, 0.1127],
];
const LIFE_COLOURS = [
  ['#ffd166', '#118ab2', '#073b4c'],
  ['#06d6a0', '#3a0ca3', '#240046'],
  ['#f4a261', '#264653', '#1b263b'],
];
const CELL_RULES = [110, 30, 90];
const CELL_TINTS = ['rr=1:gg=0.35:bb=0.8', 'rr=0.3:gg=0.9:bb=1', 'rr=1:gg=0.8:bb=0.2'];

/** The lavfi picture for a look: colourful generated patterns, one per video. */
export function pictureSource(video: DemoVideo, width: number, height: number, duration: number): string {
  const s = `s=${width}x${height}:r=${FPS}`;
  const quarter = `s=${width >> 2}x${height >> 2}:r=${FPS}`;
  const upscale = `scale=${width}:${height}:flags=neighbor`;
  const v = video.variant;
  switch (video.look) {
    case 'gradients': {
      const [c0, c1, c2, c3] = PALETTES[v % PALETTES.length]!;
      return `gradients=${s}:c0=${c0}:c1=${c1}:c2=${c2}:c3=${c3}:nb_colors=4:speed=0.03:seed=${video.id}`;
    }
    case 'mandelbrot': {
      const [x, y] = MANDELBROT_POINTS[v % MANDELBROT_POINTS.length]!;
      return `mandelbrot=${s}:start_x=${x}:start_y=${y}:start_scale=2.5:end_scale=0.02:end_pts=${duration * FPS}:maxiter=600`;
    }
    case 'life': {
      const [life, death, mold] = LIFE_COLOURS[v % LIFE_COLOURS.length]!;
      // Cells of 4x4 pixels: big enough to see, and far cheaper to encode than pixel noise.
      return `life=${quarter}:mold=12:ratio=0.3:seed=${video.id}:life_color=${life}:death_color=${death}:mold_color=${mold},${upscale}`;
    }
    case 'cellauto':
      return `cellauto=${quarter}:rule=${CELL_RULES[v % CELL_RULES.length]}:seed=${video.id}:start_full=1,${upscale},format=rgb24,colorchannelmixer=${CELL_TINTS[v % CELL_TINTS.length]}`;
    case 'testsrc2':
      return `testsrc2=${s},hue=h=t*${12 + v * 9}`;
  }
}

const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
];

function fontOption(): string {
  const file = FONT_CANDIDATES.find((f) => existsSync(f));
  return file ? `fontfile=${file}` : 'font=Sans';
}

/** Title and artist over the picture; the text comes from files, so no escaping is needed. */
function captionFilters(titleFile: string, artistFile: string, height: number): string {
  const big = Math.round(height / 14);
  const small = Math.round(height / 22);
  const font = fontOption();
  return [
    `drawtext=${font}:textfile=${titleFile}:fontsize=${big}:fontcolor=white:x=(w-tw)/2:y=h-${big * 3}:box=1:boxcolor=black@0.45:boxborderw=${Math.round(big / 4)}`,
    `drawtext=${font}:textfile=${artistFile}:fontsize=${small}:fontcolor=white@0.9:x=(w-tw)/2:y=h-${Math.round(big * 1.4)}`,
  ].join(',');
}

export function videoArgs(
  video: DemoVideo,
  duration: number,
  frame: { width: number; height: number },
  segments: PlacedSegment[],
  albums: RenderedAlbums,
  caption: string | null,
  output: string,
): string[] {
  const inputs = ['-f', 'lavfi', '-i', pictureSource(video, frame.width, frame.height, duration)];
  const audio: string[] = [];
  const parts: string[] = [];
  const fmt = 'aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo';
  segments.forEach((segment, i) => {
    const file = albums.tracks.get(`${segment.album}:${segment.track}`)!.path;
    const length = round(segment.end - segment.start);
    inputs.push('-ss', String(segment.offset), '-t', String(length), '-i', file);
    audio.push(
      `[${i + 1}:a]${fmt},atrim=duration=${length},afade=t=in:d=0.3,afade=t=out:st=${Math.max(0, length - 0.8)}:d=0.8,asetpts=N/SR/TB[a${i}]`,
    );
    parts.push(`[a${i}]`);
    if (i < segments.length - 1) {
      audio.push(`anullsrc=r=48000:cl=stereo,atrim=duration=${GAP_SECONDS},${fmt}[g${i}]`);
      parts.push(`[g${i}]`);
    }
  });
  audio.push(`${parts.join('')}concat=n=${parts.length}:v=0:a=1,apad[a]`);
  const picture = [
    'format=yuv420p',
    ...(caption ? [caption] : []),
    `fade=t=in:d=0.5,fade=t=out:st=${Math.max(0, duration - 0.8)}:d=0.8`,
  ].join(',');
  const filter = [`[0:v]${picture}[v]`, ...audio].join(';');
  const codec =
    video.codec === 'h264'
      ? ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-g', String(FPS * 2)]
      : ['-c:v', 'mpeg4', '-q:v', '6', '-pix_fmt', 'yuv420p'];
  return [
    ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'],
    ...inputs,
    ...['-filter_complex', filter, '-map', '[v]', '-map', '[a]', '-t', String(duration)],
    ...codec,
    ...['-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-ac', '2', '-threads', '2'],
    ...['-metadata', `title=${video.title}`, '-metadata', `artist=${video.artist}`, '-movflags', '+faststart'],
    output,
  ];
}

/**
 * Makes each demo video with ffmpeg: a generated colourful picture with its title, and as
 * sound the excerpts of the album tracks that the catalogue places on its timeline. Files
 * already in the cache are reused.
 */
export async function renderVideos(
  profile: DemoProfile,
  albums: RenderedAlbums,
  cacheDir: string,
  log: (line: string) => void,
): Promise<RenderedVideo[]> {
  const trackSeconds = (a: number, t: number) => albums.tracks.get(`${a}:${t}`)!.seconds;
  const rendered: RenderedVideo[] = new Array(profile.videos.length);
  let done = 0;
  await forEachConcurrently(profile.videos, generationConcurrency(), async (video, index) => {
    const duration = profile.videoSeconds(video);
    const segments = placeSegments(video, duration, trackSeconds);
    const spec = { video, duration, segments, frame: profile.frame, audio: basename(albums.folder) };
    const path = join(cacheDir, `videos-${profile.name}`, `${video.id}-${slug(video.title)}-${specHash(spec)}.mp4`);
    const made = await cached(path, async (temp) => {
      const textDir = `${temp}.text`;
      await mkdir(textDir, { recursive: true });
      try {
        const titleFile = join(textDir, 'title.txt');
        const artistFile = join(textDir, 'artist.txt');
        await writeFile(titleFile, video.title);
        await writeFile(artistFile, video.artist);
        const caption = captionFilters(titleFile, artistFile, profile.frame.height);
        try {
          await runProcess('ffmpeg', videoArgs(video, duration, profile.frame, segments, albums, caption, temp));
        } catch (error) {
          // drawtext needs a font; a machine without any still gets the video, untitled.
          log(`  (no caption for ${video.title}: ${(error as Error).message})`);
          await runProcess('ffmpeg', videoArgs(video, duration, profile.frame, segments, albums, null, temp));
        }
      } finally {
        await rm(textDir, { recursive: true, force: true });
      }
    });
    log(`  [${++done}/${profile.videos.length}] ${video.title}${made ? '' : ' (cached)'}`);
    rendered[index] = { video, path, duration, segments };
  });
  await pruneCache(
    join(cacheDir, `videos-${profile.name}`),
    '',
    rendered.map((r) => r.path),
  );
  return rendered;
}
