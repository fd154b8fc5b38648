import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  parseMasterPlaylist,
  parseMediaPlaylist,
  type AttributeList,
  type MediaPlaylist,
} from '../hls/master-playlist.js';
import { runProcess } from '../process.js';
import { safeInputArgs } from '../safe-input.js';

export interface InspectedPlaylist {
  uri: string;
  /** STREAM-INF (variants) or MEDIA (audio) attributes from the master. */
  attributes: AttributeList;
  segmentDurations: number[];
  /** From ffprobe of init + segments joined, as a player would decode them. */
  durationSeconds: number;
  codec: string;
  profile?: string;
  width?: number;
  height?: number;
  pixFmt?: string;
  sampleRate?: number;
  channels?: number;
  /** Keyframe presentation times (video only). */
  keyframeTimes: number[];
}

export interface InspectedLadder {
  variants: InspectedPlaylist[];
  audio?: InspectedPlaylist;
}

/**
 * Reads a written ladder back with ffprobe, for tests of anything that produces one:
 * each rendition's init segment and segments are joined into one fragmented MP4.
 */
export async function inspectHlsLadder(dir: string, master = 'master.m3u8'): Promise<InspectedLadder> {
  const parsed = parseMasterPlaylist(await readFile(join(dir, master), 'utf8'));
  const scratch = await mkdtemp(join(tmpdir(), 'hls-inspect-'));
  try {
    const variants: InspectedPlaylist[] = [];
    for (const v of parsed.variants) variants.push(await inspectPlaylist(dir, v.uri, v.attributes, scratch));
    const audioMedia = parsed.media.find((m) => m.attributes.get('TYPE') === 'AUDIO');
    const audio = audioMedia
      ? await inspectPlaylist(dir, audioMedia.attributes.get('URI')!, audioMedia.attributes, scratch)
      : undefined;
    return { variants, audio };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Writes a rendition's init segment and segments, in order, as one fragmented MP4 file. */
export async function joinHlsRendition(playlistPath: string, output: string): Promise<MediaPlaylist> {
  const media = parseMediaPlaylist(await readFile(playlistPath, 'utf8'));
  const base = dirname(playlistPath);
  const parts = [];
  if (media.initUri) parts.push(await readFile(join(base, media.initUri)));
  for (const s of media.segments) parts.push(await readFile(join(base, s.uri)));
  await writeFile(output, Buffer.concat(parts));
  return media;
}

async function inspectPlaylist(
  dir: string,
  uri: string,
  attributes: AttributeList,
  scratch: string,
): Promise<InspectedPlaylist> {
  const joined = join(scratch, `${uri.replace(/[^a-z0-9]/gi, '_')}.mp4`);
  const media = await joinHlsRendition(join(dir, uri), joined);

  const probeOut = await runProcess(
    'ffprobe',
    ['-v', 'error', ...safeInputArgs(joined, 'mov'), '-show_streams', '-show_format', '-of', 'json'],
    { collectStdout: true },
  );
  const info = JSON.parse(probeOut.stdout.toString()) as {
    streams: Record<string, string | number | undefined>[];
    format: { duration?: string };
  };
  const stream = info.streams[0] ?? {};
  let keyframeTimes: number[] = [];
  if (stream.codec_type === 'video') {
    const packets = await runProcess(
      'ffprobe',
      [
        '-v',
        'error',
        ...safeInputArgs(joined, 'mov'),
        '-select_streams',
        'v:0',
        '-show_entries',
        'packet=pts_time,flags',
        '-of',
        'csv=p=0',
      ],
      { collectStdout: true },
    );
    keyframeTimes = packets.stdout
      .toString()
      .split('\n')
      .filter((l) => l.includes(',K'))
      .map((l) => Number(l.split(',')[0]))
      .sort((a, b) => a - b);
  }
  return {
    uri,
    attributes,
    segmentDurations: media.segments.map((s) => s.duration),
    durationSeconds: Number(info.format.duration ?? stream.duration ?? 0),
    codec: String(stream.codec_name),
    profile: stream.profile as string | undefined,
    width: stream.width as number | undefined,
    height: stream.height as number | undefined,
    pixFmt: stream.pix_fmt as string | undefined,
    sampleRate: stream.sample_rate ? Number(stream.sample_rate) : undefined,
    channels: stream.channels as number | undefined,
    keyframeTimes,
  };
}
