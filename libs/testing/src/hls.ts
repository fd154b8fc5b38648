import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { generateTestVideo, LocalStorage, putDirectory, transcodeHlsLadder } from '@app/media';

/** The first URI line of a playlist (a media playlist in a master, a segment in a media playlist). */
function firstUri(text: string): string | undefined {
  return text.split('\n').find((line) => line && !line.startsWith('#'));
}

export interface HlsPlay {
  /** The status of each request in order: master, media playlist, init segment, first segment. */
  statuses: number[];
  /** The first segment's bytes, when it was served. */
  segment?: Buffer;
  /** The addresses asked for, in the same order. */
  urls: string[];
}

/**
 * What hls.js asks for first, from a master playlist's address: the master, its first media
 * playlist, that playlist's init segment and its first segment, each address resolved against
 * the one it came from (so a signed prefix in the path carries on). Stops at the first answer
 * that is not 200.
 */
export async function playHls(masterUrl: string): Promise<HlsPlay> {
  const play: HlsPlay = { statuses: [], urls: [] };
  const get = async (url: URL) => {
    const response = await fetch(url);
    play.statuses.push(response.status);
    play.urls.push(url.href);
    return response;
  };
  const master = await get(new URL(masterUrl));
  if (master.status !== 200) return play;
  const mediaUrl = new URL(firstUri(await master.text()) ?? '', master.url);
  const media = await get(mediaUrl);
  if (media.status !== 200) return play;
  const mediaText = await media.text();
  const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(mediaText)?.[1];
  if (init) {
    const initAnswer = await get(new URL(init, mediaUrl));
    await initAnswer.arrayBuffer();
    if (initAnswer.status !== 200) return play;
  }
  const segment = await get(new URL(firstUri(mediaText) ?? '', mediaUrl));
  if (segment.status === 200) play.segment = Buffer.from(await segment.arrayBuffer());
  return play;
}

export interface TestLadder {
  /** The folder holding master.m3u8 and its renditions. */
  dir: string;
  /** The master, first media playlist, its init segment and first segment, relative to `dir`. */
  files: string[];
}

/** A real 4-second 320x240 ladder (ffmpeg), made once per test file under `workDir`. */
export async function makeTestLadder(workDir: string): Promise<TestLadder> {
  const source = await generateTestVideo(path.join(workDir, 'clip.mp4'), { width: 320, height: 240, seconds: 4 });
  const dir = (await transcodeHlsLadder({ source, outputDir: path.join(workDir, 'ladder') })).outputDir;
  const media = firstUri(await readFile(path.join(dir, 'master.m3u8'), 'utf8'))!;
  const mediaText = await readFile(path.join(dir, media), 'utf8');
  const folder = path.posix.dirname(media) === '.' ? '' : `${path.posix.dirname(media)}/`;
  const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(mediaText)![1]!;
  return { dir, files: ['master.m3u8', media, `${folder}${init}`, `${folder}${firstUri(mediaText)!}`] };
}

/** Copies the ladder where the worker stores a video's (`hls/{id}/run-{id}/` in `storageDir`). */
export async function storeTestLadder(ladder: TestLadder, storageDir: string, videoId: number): Promise<string> {
  const prefix = `hls/${videoId}/run-${videoId}/`;
  await putDirectory(new LocalStorage({ root: storageDir }), ladder.dir, prefix);
  return prefix;
}
