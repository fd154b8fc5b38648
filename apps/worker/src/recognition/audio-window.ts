import { open } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { buffer, text } from 'node:stream/consumers';
import { AUDIO_RENDITION, parseMasterPlaylist, parseMediaPlaylist, type StorageDriver } from '@app/media';

export interface AudioWindowFile {
  /** A fragmented MP4 (init segment + the media segments covering the window). */
  path: string;
  /** Where the window starts inside that file, in seconds. */
  startInFile: number;
}

/**
 * Fetches only the part of a video's HLS audio rendition that covers [offset, offset+seconds):
 * the init segment and the few media segments around the window, joined into one fMP4 file.
 * This is the audio viewers hear, watermark included, and works the same on S3 as locally.
 * Answers undefined when the ladder has no audio rendition.
 */
export async function fetchHlsAudioWindow(
  storage: StorageDriver,
  masterKey: string,
  offset: number,
  seconds: number,
  dir: string,
): Promise<AudioWindowFile | undefined> {
  const base = posix.dirname(masterKey);
  const master = parseMasterPlaylist(await readText(storage, masterKey));
  const audio = master.media.find((m) => m.attributes.get('TYPE') === 'AUDIO')?.attributes.get('URI');
  if (!audio) return undefined;
  const playlistKey = posix.join(base, audio);
  const media = parseMediaPlaylist(await readText(storage, playlistKey));
  const playlistDir = posix.dirname(playlistKey);

  const keys: string[] = [];
  if (media.initUri) keys.push(posix.join(playlistDir, media.initUri));
  let time = 0;
  let startInFile = 0;
  let first = true;
  for (const segment of media.segments) {
    const end = time + segment.duration;
    if (end > offset && time < offset + seconds) {
      if (first) startInFile = Math.max(0, offset - time);
      first = false;
      keys.push(posix.join(playlistDir, segment.uri));
    }
    time = end;
  }
  if (first) return undefined;

  const path = join(dir, `${AUDIO_RENDITION}-window.mp4`);
  const out = await open(path, 'w');
  try {
    // Audio segments are small (tens of kilobytes): read each whole, append in order.
    for (const key of keys) await out.write(await buffer((await storage.get(key)).body));
  } finally {
    await out.close();
  }

  return { path, startInFile };
}

async function readText(storage: StorageDriver, key: string): Promise<string> {
  return text((await storage.get(key)).body);
}
