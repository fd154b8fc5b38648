import { open } from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';
import { BadMediaError } from './errors.js';

export type MediaKind = 'video' | 'audio';

/** A container recognised by its bytes, and the ffmpeg demuxer forced for it. */
export interface SniffedContainer {
  ext: string;
  mime: string;
  /**
   * The demuxer passed with `-f` so ffmpeg never guesses the format itself: a file that
   * only looks like an MP4 by name can never be opened by the HLS, concat or image2
   * demuxers, which are the ones that follow references to other files or URLs.
   */
  demuxer: string;
}

// Containers an upload may come in. Anything else (text, playlists, images, archives) is refused.
const VIDEO_CONTAINERS: Record<string, string> = {
  mp4: 'mov',
  mov: 'mov',
  m4v: 'mov',
  '3gp': 'mov',
  '3g2': 'mov',
  mkv: 'matroska',
  webm: 'matroska',
  avi: 'avi',
  mts: 'mpegts',
  mpg: 'mpeg',
  flv: 'flv',
  ogv: 'ogg',
  asf: 'asf',
  mxf: 'mxf',
};

const AUDIO_CONTAINERS: Record<string, string> = {
  mp3: 'mp3',
  flac: 'flac',
  wav: 'wav',
  m4a: 'mov',
  mp4: 'mov',
  aac: 'aac',
  ogg: 'ogg',
  oga: 'ogg',
  opus: 'ogg',
  aif: 'aiff',
  asf: 'asf',
  // Video containers are accepted as audio sources too (the audio of a music video).
  mov: 'mov',
  mkv: 'matroska',
  webm: 'matroska',
};

/** Enough for every container signature file-type knows, including MP3 frame sync after ID3. */
const SNIFF_BYTES = 64 * 1024;

export async function readHead(path: string, bytes = SNIFF_BYTES): Promise<Buffer> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    throw new BadMediaError('The file could not be read', 'unreadable', { cause: error });
  }
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Identifies the container of a media file by its magic bytes, never by its name. */
export async function sniffMediaFile(path: string, kind: MediaKind): Promise<SniffedContainer> {
  return sniffMediaBytes(await readHead(path), kind);
}

export async function sniffMediaBytes(head: Uint8Array, kind: MediaKind): Promise<SniffedContainer> {
  if (head.length === 0) throw new BadMediaError('The file is empty', 'empty');
  const detected = await fileTypeFromBuffer(head);
  const table = kind === 'video' ? VIDEO_CONTAINERS : AUDIO_CONTAINERS;
  const demuxer = detected ? table[detected.ext] : undefined;
  if (!detected || !demuxer) {
    const what = detected ? `${detected.mime} file` : 'file of unknown type';
    const expected =
      kind === 'video' ? 'a video (MP4, MOV, MKV, WebM, AVI, MPEG-TS…)' : 'an audio file (MP3, FLAC, WAV, M4A, OGG…)';
    throw new BadMediaError(`This is a ${what}, not ${expected}`, 'unsupported_type');
  }
  return { ext: detected.ext, mime: detected.mime, demuxer };
}
