import { createHash } from 'node:crypto';
import { basename, dirname, extname } from 'node:path';
import type { IAudioMetadata } from 'music-metadata';

/** Audio files the importer reads; anything else in the folder is ignored. */
export const AUDIO_EXTENSIONS = new Set(['.mp3', '.m4a', '.aac', '.mp4', '.flac', '.ogg', '.oga', '.opus', '.wav']);

/** What the importer takes from one file's tags, with the gaps already filled. */
export interface TrackTags {
  title: string;
  album: string;
  /** Artists in credit order, de-duplicated ignoring case. */
  artists: string[];
  composers: string[];
  genre: string | null;
  mood: string | null;
  /** 1-based position on the album; null when the file has no track number. */
  trackNo: number | null;
  /** The catalogue number tag, or one derived from album artist and title (stable). */
  catalogueNum: string;
  catalogueNumFromTag: boolean;
  /** Seconds. */
  duration: number;
}

export class UnreadableAudioError extends Error {}

const clean = (value: string | undefined | null): string => (value ?? '').replace(/\s+/g, ' ').trim();

/**
 * Splits a credit such as "The Lanterns; Mira Vale feat. June Harlow" into names. Commas and
 * ampersands are left alone: "Earth, Wind & Fire" and "Simon & Garfunkel" are one name each.
 */
export function splitNames(values: readonly (string | undefined | null)[]): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const value of values) {
    for (const part of clean(value).split(/\s*(?:;|\/|\u0000|\s+feat\.?\s+|\s+ft\.?\s+|\s+featuring\s+)\s*/i)) {
      const name = clean(part);
      if (name && !seen.has(name.toLowerCase())) {
        seen.add(name.toLowerCase());
        names.push(name);
      }
    }
  }
  return names;
}

/**
 * A catalogue number for an album whose files carry none: the same album artist and title
 * always give the same number, so a re-import finds the album again.
 */
export function deriveCatalogueNum(albumArtist: string, album: string): string {
  const key = `${albumArtist.toLowerCase()}\u0000${album.toLowerCase()}`;
  return `CUV-X${createHash('sha1').update(key).digest('hex').slice(0, 8).toUpperCase()}`;
}

function nativeValue(metadata: IAudioMetadata, ids: string[]): string | undefined {
  for (const tags of Object.values(metadata.native)) {
    for (const tag of tags) {
      if (ids.includes(tag.id.toUpperCase()) && typeof tag.value === 'string' && tag.value.trim()) return tag.value;
    }
  }
  return undefined;
}

/** A file name such as "03 - Night Drive.mp3" gives the title "Night Drive". */
function titleFromFileName(file: string): string {
  return clean(
    basename(file, extname(file))
      .replace(/^\d+\s*[-._)]\s*/, '')
      .replace(/_/g, ' '),
  );
}

/** Turns music-metadata's answer for `file` into what the catalogue needs. */
export function readTrackTags(file: string, metadata: IAudioMetadata): TrackTags {
  const { common, format } = metadata;
  const duration = format.duration ?? 0;
  if (!Number.isFinite(duration) || duration <= 0) {
    throw new UnreadableAudioError('no audio duration (not an audio file, or the file is cut short)');
  }
  const title = clean(common.title) || titleFromFileName(file);
  const album = clean(common.album) || clean(basename(dirname(file))) || 'Unknown album';
  const artists = splitNames(common.artists?.length ? common.artists : [common.artist]);
  const albumArtist = clean(common.albumartist) || artists[0] || '';
  const composers = splitNames(common.composer ?? []);
  const genre = clean(common.genre?.[0]) || null;
  const mood = clean(common.mood) || clean(nativeValue(metadata, ['TXXX:MOOD', 'MOOD', 'TMOO'])) || null;
  const tagged =
    clean(common.catalognumber?.[0]) || clean(nativeValue(metadata, ['TXXX:CATALOGNUMBER', 'CATALOGNUMBER']));
  const trackNo = common.track?.no && common.track.no > 0 ? common.track.no : null;
  return {
    title: title.slice(0, 300),
    album: album.slice(0, 300),
    artists: artists.map((a) => a.slice(0, 200)),
    composers: composers.map((c) => c.slice(0, 200)),
    genre: genre?.slice(0, 100) ?? null,
    mood: mood?.slice(0, 100) ?? null,
    trackNo,
    catalogueNum: (tagged || deriveCatalogueNum(albumArtist, album)).slice(0, 50),
    catalogueNumFromTag: Boolean(tagged),
    duration,
  };
}
