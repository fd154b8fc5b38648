import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { BadMediaError, FfmpegError } from './errors.js';
import { FfprobeCommand, probeMedia } from './probe.js';
import { runProcess } from './process.js';
import { generateTestAudio, generateTestVideo } from './testing/generate.js';
import { transcodeHlsLadder } from './hls/transcode-hls.js';

jest.setTimeout(120_000);

let dir: string;
const file = (name: string) => join(dir, name);

// A loopback server that counts requests: a hostile file must cause none.
let server: Server;
let requests = 0;
let origin: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'media-probe-'));
  server = createServer((_req, res) => {
    requests++;
    res.end('#EXTM3U\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await Promise.all([
    generateTestVideo(file('clip.mp4'), { width: 320, height: 240, seconds: 3 }),
    generateTestVideo(file('clip.mkv'), { width: 320, height: 240, seconds: 3, container: 'matroska' }),
    generateTestAudio(file('song.mp3'), 3),
  ]);
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

async function badMedia(promise: Promise<unknown>): Promise<BadMediaError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BadMediaError);
  return error as BadMediaError;
}

describe('probeMedia on real media', () => {
  it('reports duration, streams and audio of an MP4', async () => {
    const probe = await probeMedia(file('clip.mp4'), 'video');
    expect(probe.container).toEqual({ ext: 'mp4', mime: 'video/mp4', demuxer: 'mov' });
    expect(probe.durationSeconds).toBeCloseTo(3, 1);
    expect(probe.video).toMatchObject({ codec: 'h264', pixFmt: 'yuv420p', width: 320, height: 240, fps: 30 });
    expect(probe.video!.bitRate).toBeGreaterThan(0);
    expect(probe.hasAudio).toBe(true);
    expect(probe.audio).toMatchObject({ codec: 'aac', channels: 2, sampleRate: 48000 });
  });

  it('recognises Matroska by its bytes even when named .mp4', async () => {
    await copyFile(file('clip.mkv'), file('really-mkv.mp4'));
    const probe = await probeMedia(file('really-mkv.mp4'), 'video');
    expect(probe.container.demuxer).toBe('matroska');
    expect(probe.video!.bitRate).toBeGreaterThan(0);
  });

  it('probes an MP3 as audio, and refuses it as a video', async () => {
    const probe = await probeMedia(file('song.mp3'), 'audio');
    expect(probe).toMatchObject({ hasAudio: true, video: undefined });
    expect(probe.durationSeconds).toBeCloseTo(3, 1);
    expect((await badMedia(probeMedia(file('song.mp3'), 'video'))).message).toMatch(/not a video/);
  });
});

describe('probeMedia on hostile input', () => {
  it('refuses an .mp4 that is an HLS playlist pointing at a local file, without reading it', async () => {
    await writeFile(
      file('passwd.mp4'),
      '#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n',
    );
    const error = await badMedia(probeMedia(file('passwd.mp4'), 'video'));
    expect(error.reason).toBe('unsupported_type');
    expect(error.message).toMatch(/not a video/);
  });

  it('refuses an .mp4 that is an HLS playlist pointing at a URL, and makes no request', async () => {
    await writeFile(file('remote.mp4'), `#EXTM3U\n#EXTINF:10,\n${origin}/segment.ts\n#EXT-X-ENDLIST\n`);
    await badMedia(probeMedia(file('remote.mp4'), 'video'));
    expect(requests).toBe(0);
  });

  it('makes no request even if the HLS demuxer were chosen: only the file protocol is allowed', async () => {
    await writeFile(
      file('remote.m3u8'),
      `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n${origin}/segment.ts\n#EXT-X-ENDLIST\n`,
    );
    const run = runProcess('ffprobe', new FfprobeCommand(file('remote.m3u8'), 'hls').args(), { collectStdout: true });
    await expect(run).rejects.toBeInstanceOf(FfmpegError);
    await run.catch((e: FfmpegError) => expect(e.stderrTail).toMatch(/not on whitelist|Invalid data/));
    expect(requests).toBe(0);
  });

  it('refuses an ffconcat script named .mp4', async () => {
    await writeFile(file('concat.mp4'), `ffconcat version 1.0\nfile '/etc/passwd'\nfile '${origin}/x.mp4'\n`);
    expect((await badMedia(probeMedia(file('concat.mp4'), 'video'))).reason).toBe('unsupported_type');
    expect(requests).toBe(0);
  });

  it('takes concat:/subfile, names as plain file names, never as protocols', async () => {
    const error = await badMedia(probeMedia(`concat:${file('clip.mp4')}|${file('clip.mp4')}`, 'video'));
    expect(error.reason).toBe('unreadable');
    // A real file whose name looks like a protocol is read as itself.
    const odd = file('subfile,,start,0,end,100,,:clip.mp4');
    await copyFile(file('clip.mp4'), odd);
    expect((await probeMedia(odd, 'video')).durationSeconds).toBeCloseTo(3, 1);
  });

  it('refuses an empty file', async () => {
    await writeFile(file('empty.mp4'), '');
    expect((await badMedia(probeMedia(file('empty.mp4'), 'video'))).reason).toBe('empty');
  });

  it('refuses a picture or a text file named .mp4', async () => {
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .png()
      .toFile(file('picture.mp4'));
    expect((await badMedia(probeMedia(file('picture.mp4'), 'video'))).message).toMatch(/image\/png file, not a video/);
    await writeFile(file('notes.mp4'), 'just some words');
    expect((await badMedia(probeMedia(file('notes.mp4'), 'video'))).message).toMatch(/unknown type, not a video/);
  });

  it('refuses a cut-short MP4 with a readable message', async () => {
    const whole = await readFile(file('clip.mp4'));
    // moov is at the end of this file: the first half has only media data.
    await writeFile(file('cut.mp4'), whole.subarray(0, Math.floor(whole.length / 2)));
    const error = await badMedia(probeMedia(file('cut.mp4'), 'video'));
    expect(error.message).toMatch(/damaged|no video|no duration/);
  });

  it('refuses a missing file as unreadable', async () => {
    expect((await badMedia(probeMedia(file('nope.mp4'), 'video'))).reason).toBe('unreadable');
  });

  it('refuses the same hostile playlist in the transcoder, before any ffmpeg run', async () => {
    await badMedia(transcodeHlsLadder({ source: file('remote.mp4'), outputDir: file('out') }));
    expect(requests).toBe(0);
  });
});
