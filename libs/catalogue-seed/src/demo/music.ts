import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FFMPEG_QUIET, runProcess } from '@app/media';
import type { DemoAlbum, DemoProfile } from './catalogue.js';
import { composeSong } from './compose.js';
import { midiFile } from './midi.js';
import { cached, generateEach, pruneCache, slug, specHash } from './media-cache.js';

const SAMPLE_RATE = 44_100;

/** Debian's fluid-soundfont-gm (FluidR3, General MIDI); DEMO_SOUNDFONT names another. */
const SOUNDFONTS = ['/usr/share/sounds/sf2/FluidR3_GM.sf2', '/usr/share/sounds/sf2/default-GM.sf2'];

export function soundfont(): string {
  const file = [process.env.DEMO_SOUNDFONT ?? '', ...SOUNDFONTS].find((f) => f && existsSync(f));
  if (!file) {
    throw new Error(
      'The demo music needs FluidSynth and a General MIDI soundfont: apt-get install fluidsynth fluid-soundfont-gm ' +
        '(or set DEMO_SOUNDFONT to an .sf2 file).',
    );
  }
  return file;
}

export interface RenderedTrack {
  path: string;
  /** Seconds of music rendered (the encoded file may be a few milliseconds longer). */
  seconds: number;
}

export interface RenderedAlbums {
  /** The folder to import: one sub-folder per album. */
  folder: string;
  /** By `${albumIndex}:${trackIndex}`. */
  tracks: Map<string, RenderedTrack>;
}

/** ffmpeg arguments that write the file's tags as a music shop's download would carry them. */
export function tagArgs(album: DemoAlbum, trackIndex: number): string[] {
  const track = album.tracks[trackIndex]!;
  const tags: Record<string, string> = {
    title: track.title,
    album: album.title,
    artist: track.artist,
    album_artist: album.albumArtist,
    composer: track.composers.join('; '),
    genre: album.genre,
    track: `${trackIndex + 1}/${album.tracks.length}`,
    date: String(album.year),
  };
  // MP4's iTunes atoms have no slot ffmpeg can write these into; ID3 keeps them as TXXX frames.
  if (album.format === 'mp3') {
    if (album.catalogueNum) tags.CATALOGNUMBER = album.catalogueNum;
    tags.MOOD = track.mood;
  }
  return Object.entries(tags).flatMap(([key, value]) => ['-metadata', `${key}=${value}`]);
}

function encoderArgs(album: DemoAlbum): string[] {
  return album.format === 'mp3'
    ? ['-c:a', 'libmp3lame', '-b:a', '192k', '-id3v2_version', '3']
    : ['-c:a', 'aac', '-b:a', '192k', '-movflags', '+faststart'];
}

/**
 * Composes every album track of the profile in its album's style (compose.ts), renders the
 * MIDI with FluidSynth and the General MIDI soundfont, and encodes it with real tags, under
 * `cacheDir`. Files already there are reused.
 */
export async function renderAlbums(
  profile: DemoProfile,
  cacheDir: string,
  log: (line: string) => void,
): Promise<RenderedAlbums> {
  const spec = profile.albums.map((album, a) => ({
    album,
    seconds: album.tracks.map((_, t) => profile.trackSeconds(a, t)),
  }));
  const folder = join(cacheDir, `albums-${profile.name}-${specHash(spec)}`);
  const jobs = profile.albums.flatMap((album, a) =>
    album.tracks.map((track, t) => ({
      album,
      track,
      key: `${a}:${t}`,
      seconds: profile.trackSeconds(a, t),
      path: join(
        folder,
        `${String(a + 1).padStart(2, '0')}-${slug(album.title)}`,
        `${String(t + 1).padStart(2, '0')}-${slug(track.title)}.${album.format}`,
      ),
      t,
    })),
  );
  const font = soundfont();
  await generateEach(jobs, log, async ({ album, track, seconds, path, t }) => {
    const made = await cached(path, async (temp) => {
      const mid = `${temp}.mid`;
      const wav = `${temp}.wav`;
      try {
        await writeFile(mid, midiFile(composeSong(album.style, track.seed, seconds).midi));
        await runProcess('fluidsynth', ['-ni', '-q', '-g', '0.7', '-r', String(SAMPLE_RATE), '-F', wav, font, mid]);
        await runProcess('ffmpeg', [
          ...FFMPEG_QUIET,
          ...['-i', wav],
          // Mastered: louder with a limiter, cut to length with a short fade at each end.
          ...[
            '-af',
            `volume=7dB,alimiter=limit=0.9:level=0,atrim=duration=${seconds},afade=t=in:d=0.05,afade=t=out:st=${seconds - 1.5}:d=1.5`,
          ],
          ...['-ac', '2', '-ar', String(SAMPLE_RATE), ...tagArgs(album, t), ...encoderArgs(album), temp],
        ]);
      } finally {
        await rm(mid, { force: true });
        await rm(wav, { force: true });
      }
    });
    return `${album.title} — ${track.title}${made ? '' : ' (cached)'}`;
  });
  // In catalogue order, whichever finished first: the importer numbers its progress by it.
  const tracks = new Map<string, RenderedTrack>(jobs.map((j) => [j.key, { path: j.path, seconds: j.seconds }]));
  await pruneCache(cacheDir, `albums-${profile.name}-`, [folder]);
  return { folder, tracks };
}
