import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import sharp from 'sharp';
import { FFMPEG_QUIET, extractPosterFrame, runProcess } from '@app/media';
import { ALBUMS, type DemoProfile, type DemoVideo } from './catalogue.js';
import { albumCover, crowdLayer, stageBackdrop } from './images.js';
import { cached, generateEach, pruneCache, slug, specHash } from './media-cache.js';
import type { RenderedAlbums } from './music.js';

/** Silence between two excerpts: the track wizard starts the next one a second after the last. */
const GAP_SECONDS = 1;
/** Visualisers read well at 15 frames a second, and cost 40 % less to draw than at 25. */
const FPS = 15;

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
  /** Its poster frame (JPEG), taken where the worker takes one (posterFrameSeconds). */
  poster: string;
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

/** Where the art of the picture comes from: static layers made by sharp once per video. */
export interface VideoArt {
  /** The full-frame background (blurred album art, or the stage of a live video). */
  background: string;
  /** A layer in front (the crowd of a live video), transparent elsewhere. */
  front?: string;
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

/** Text files for drawtext (no escaping needed): title, artist, and one per lyric line. */
export interface CaptionFiles {
  title: string;
  artist: string;
  lyrics: string[];
}

/**
 * Title card for the first 3 s (big, centred), then the title and artist at the top left (not
 * a lower third: the player's controls cover the bottom of the picture whenever they show, and
 * the burned-in title read as text overlapping them); lyric videos show one line of lyrics at a
 * time, fading in, instead.
 */
export function captionFilters(
  video: DemoVideo,
  files: CaptionFiles,
  frame: { width: number; height: number },
  duration: number,
): string {
  const { height } = frame;
  const big = Math.round(height / 11);
  const small = Math.round(height / 24);
  const font = fontOption();
  const card = `enable='lt(t,3)'`;
  const filters = [
    `drawbox=x=0:y=0:w=iw:h=ih:color=black@0.45:t=fill:${card}`,
    `drawtext=${font}:textfile=${files.title}:fontsize=${big}:fontcolor=white:x=(w-tw)/2:y=(h-th)/2-${big / 2}:alpha='if(lt(t,2.4),1,(3-t)/0.6)':${card}`,
    `drawtext=${font}:textfile=${files.artist}:fontsize=${Math.round(big / 2)}:fontcolor=white@0.85:x=(w-tw)/2:y=(h/2)+${big}:${card}`,
  ];
  if (video.look === 'lyric' && files.lyrics.length > 0) {
    const span = (duration - 3.5) / files.lyrics.length;
    files.lyrics.forEach((file, i) => {
      const from = (3.5 + i * span).toFixed(2);
      const to = (3.5 + (i + 1) * span - 0.3).toFixed(2);
      filters.push(
        `drawtext=${font}:textfile=${file}:fontsize=${Math.round(big * 0.62)}:fontcolor=white:borderw=2:bordercolor=black@0.6:x=(w-tw)/2:y=h*0.42:alpha='min(1,(t-${from})/0.4)':enable='between(t,${from},${to})'`,
      );
    });
  } else {
    filters.push(
      `drawtext=${font}:textfile=${files.title}:fontsize=${small}:fontcolor=white:x=${small}:y=${small}:box=1:boxcolor=black@0.4:boxborderw=${Math.round(small / 3)}:enable='gte(t,3)'`,
      `drawtext=${font}:textfile=${files.artist}:fontsize=${Math.round(small * 0.8)}:fontcolor=white@0.85:x=${small}:y=${Math.round(small * 2.6)}:enable='gte(t,3)'`,
    );
  }
  if (video.look === 'live') {
    filters.push(
      `drawtext=${font}:text='● LIVE':fontsize=${small}:fontcolor=red:x=w-tw-${small}:y=${small}:box=1:boxcolor=black@0.5:boxborderw=6`,
    );
  }
  return filters.join(',');
}

/**
 * The picture of a look, made from the video's own sound (`[vis]`) over its art (`[1:v]`,
 * `[2:v]` in front when there is one); ends in `[pic]`.
 */
export function pictureFilters(
  video: DemoVideo,
  frame: { width: number; height: number },
  hasFront: boolean,
): string[] {
  const { width: w, height: h } = frame;
  const key = 'colorkey=0x000000:0.08:0.1';
  switch (video.look) {
    case 'cqt':
      return [
        `[vis]showcqt=s=${w}x${Math.round(h * 0.18) * 2}:fps=${FPS}:axis_h=0:sono_h=0:bar_g=3:count=2,format=rgba,${key}[fx]`,
        `[1:v][fx]overlay=0:H-h:shortest=1[pic]`,
      ];
    case 'scope':
      return [
        `[vis]avectorscope=s=${Math.round(h * 0.9)}x${Math.round(h * 0.9)}:r=${FPS}:zoom=1:draw=line:rc=255:gc=200:bc=120:rf=40:gf=40:bf=20[fx]`,
        `[1:v][fx]overlay=W-w-${Math.round(h * 0.08)}:(H-h)/2:shortest=1[pic]`,
      ];
    case 'waves':
      return [
        // A slow pan over the art (Ken Burns), the waveform across the bottom.
        `[1:v]scale=${Math.round(w * 1.25)}:-2,crop=${w}:${h}:x='(iw-ow)/2*(1+sin(t/5))':y='(ih-oh)/2*(1+cos(t/7))'[bg]`,
        `[vis]showwaves=s=${w}x${Math.round(h * 0.3)}:r=${FPS}:mode=cline:colors=white[fx]`,
        `[bg][fx]overlay=0:H-h-${Math.round(h * 0.05)}:shortest=1[pic]`,
      ];
    case 'lyric':
      return [
        `[vis]showwaves=s=${w}x${Math.round(h * 0.12)}:r=${FPS}:mode=p2p:colors=white@0.7[fx]`,
        `[1:v][fx]overlay=0:H-h:shortest=1[pic]`,
      ];
    case 'live':
      return [
        // The light wall behind the band follows the music; the lights pulse with it.
        `[vis]showfreqs=s=${w}x${Math.round(h * 0.55)}:rate=${FPS}:mode=bar:ascale=sqrt:fscale=log:win_size=1024:colors=0xff3355|0x33ccff[fx]`,
        `[1:v][fx]overlay=0:${Math.round(h * 0.1)}:shortest=1[stage]`,
        hasFront ? `[stage][2:v]overlay=0:0,eq=brightness='0.05*sin(t*9)':eval=frame[pic]` : `[stage]null[pic]`,
      ];
  }
}

export function videoArgs(
  video: DemoVideo,
  duration: number,
  frame: { width: number; height: number },
  segments: PlacedSegment[],
  albums: RenderedAlbums,
  art: VideoArt,
  caption: string | null,
  output: string,
): string[] {
  const inputs = ['-f', 'lavfi', '-i', `anullsrc=r=48000:cl=stereo:d=${duration}`];
  inputs.push('-loop', '1', '-framerate', String(FPS), '-i', art.background);
  if (art.front) inputs.push('-loop', '1', '-framerate', String(FPS), '-i', art.front);
  const first = art.front ? 3 : 2;
  const audio: string[] = [];
  const parts: string[] = [];
  const fmt = 'aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo';
  segments.forEach((segment, i) => {
    const file = albums.tracks.get(`${segment.album}:${segment.track}`)!.path;
    const length = round(segment.end - segment.start);
    inputs.push('-ss', String(segment.offset), '-t', String(length), '-i', file);
    audio.push(
      `[${first + i}:a]${fmt},atrim=duration=${length},afade=t=in:d=0.3,afade=t=out:st=${Math.max(0, length - 0.8)}:d=0.8,asetpts=N/SR/TB[a${i}]`,
    );
    parts.push(`[a${i}]`);
    if (i < segments.length - 1) {
      audio.push(`[0:a]atrim=duration=${GAP_SECONDS},asetpts=N/SR/TB,${fmt}[g${i}]`);
      parts.push(`[g${i}]`);
    }
  });
  audio.push(`${parts.join('')}concat=n=${parts.length}:v=0:a=1,apad,atrim=duration=${duration},asplit[a][vis]`);
  const finish = [
    'format=yuv420p',
    ...(caption ? [caption] : []),
    `fade=t=in:d=0.5,fade=t=out:st=${Math.max(0, duration - 0.8)}:d=0.8`,
  ].join(',');
  const filter = [...audio, ...pictureFilters(video, frame, Boolean(art.front)), `[pic]${finish}[v]`].join(';');
  // H.264 demo files are made the way the ladder's remux path wants them (a ladder size, a
  // keyframe every 2 s and no other, under the rung's bit rate cap), so the worker copies their
  // top rendition instead of encoding it: a 360p and a 240p rendition for the cost of one.
  const codec =
    video.codec === 'h264'
      ? [
          ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '24', '-pix_fmt', 'yuv420p'],
          ...['-x264-params', `keyint=${FPS * 2}:min-keyint=${FPS * 2}:scenecut=0`],
          ...['-maxrate', '700k', '-bufsize', '1400k'],
        ]
      : ['-c:v', 'mpeg4', '-q:v', '6', '-pix_fmt', 'yuv420p'];
  return [
    ...FFMPEG_QUIET,
    ...inputs,
    ...['-filter_complex', filter, '-map', '[v]', '-map', '[a]', '-t', String(duration)],
    ...codec,
    ...['-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-ac', '2', '-threads', '2'],
    ...['-metadata', `title=${video.title}`, '-metadata', `artist=${video.artist}`, '-movflags', '+faststart'],
    output,
  ];
}

/** The static layers of a video's picture, made by sharp from its album's art. */
async function makeArt(video: DemoVideo, frame: { width: number; height: number }, dir: string): Promise<VideoArt> {
  const album = ALBUMS[video.album]!;
  const { width, height } = frame;
  const background = join(dir, 'background.png');
  if (video.look === 'live') {
    const front = join(dir, 'front.png');
    await writeFile(background, await stageBackdrop(width, height, album.palette[0]));
    await writeFile(front, await crowdLayer(width, height, video.id));
    return { background, front };
  }
  const cover = await albumCover(album.scene, album.title, album.albumArtist, 600);
  if (video.look === 'waves') {
    await writeFile(background, await sharp(cover).resize(width, width).png().toBuffer());
    return { background };
  }
  // Blurred, darkened art filling the frame, with the sleeve itself on the left, under the
  // burned-in title and artist (captionFilters: they end at about 0.15 of the height).
  const blurred = await sharp(cover)
    .resize(width, height, { fit: 'cover' })
    .blur(18)
    .modulate({ brightness: 0.55 })
    .toBuffer();
  const sleeveSize = Math.round(height * 0.52);
  const sleeve = await sharp(cover).resize(sleeveSize, sleeveSize).toBuffer();
  const layers =
    video.look === 'lyric' ? [] : [{ input: sleeve, left: Math.round(height * 0.1), top: Math.round(height * 0.19) }];
  await writeFile(background, await sharp(blurred).composite(layers).png().toBuffer());
  return { background };
}

/**
 * Makes each demo video with ffmpeg from its own sound: the excerpts of the album tracks the
 * catalogue places on its timeline, drawn by a visualiser (constant-Q bars, vector scope,
 * waveform, a light wall for live cuts) over its album's art, with a title card and, for lyric
 * videos, the lyrics line by line. Files already in the cache are reused.
 */
export async function renderVideos(
  profile: DemoProfile,
  albums: RenderedAlbums,
  cacheDir: string,
  log: (line: string) => void,
): Promise<RenderedVideo[]> {
  const trackSeconds = (a: number, t: number) => albums.tracks.get(`${a}:${t}`)!.seconds;
  const rendered: RenderedVideo[] = new Array(profile.videos.length);
  await generateEach(profile.videos, log, async (video, index) => {
    const duration = profile.videoSeconds(video);
    const segments = placeSegments(video, duration, trackSeconds);
    const lyrics = ALBUMS[segments[0]!.album]!.tracks[segments[0]!.track]!.lyrics;
    const spec = { video, duration, segments, lyrics, frame: profile.frame, audio: basename(albums.folder) };
    const path = join(cacheDir, `videos-${profile.name}`, `${video.id}-${slug(video.title)}-${specHash(spec)}.mp4`);
    const made = await cached(path, async (temp) => {
      const work = `${temp}.work`;
      await mkdir(work, { recursive: true });
      try {
        const files: CaptionFiles = { title: join(work, 'title.txt'), artist: join(work, 'artist.txt'), lyrics: [] };
        await writeFile(files.title, video.title);
        await writeFile(files.artist, video.artist);
        for (const [i, line] of lyrics.entries()) {
          files.lyrics.push(join(work, `lyric-${i}.txt`));
          await writeFile(files.lyrics[i]!, line);
        }
        const art = await makeArt(video, profile.frame, work);
        const caption = captionFilters(video, files, profile.frame, duration);
        try {
          await runProcess('ffmpeg', videoArgs(video, duration, profile.frame, segments, albums, art, caption, temp));
        } catch (error) {
          // drawtext needs a font; a machine without any still gets the video, untitled.
          log(`  (no caption for ${video.title}: ${(error as Error).message})`);
          await runProcess('ffmpeg', videoArgs(video, duration, profile.frame, segments, albums, art, null, temp));
        }
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    });
    // The tile's picture comes with the file, so the catalogue's screens are whole before the
    // transcodes (which would take the same frame, later) have run.
    const poster = path.replace(/\.mp4$/, '.poster.jpg');
    await cached(poster, async (temp) => void (await extractPosterFrame(path, temp)));
    rendered[index] = { video, path, poster, duration, segments };
    return `${video.title}${made ? '' : ' (cached)'}`;
  });
  await pruneCache(
    join(cacheDir, `videos-${profile.name}`),
    '',
    rendered.flatMap((r) => [r.path, r.poster]),
  );
  return rendered;
}
