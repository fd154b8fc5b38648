import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { extractAudioPcm, writeWav } from '../audio/pcm.js';
import { MediaAbortedError } from '../errors.js';
import { runProcess } from '../process.js';
import type { MediaProgress } from '../progress.js';
import { safeInputArgs } from '../safe-input.js';
import { generateTestVideo } from '../testing/generate.js';
import { inspectHlsLadder, joinHlsRendition, type InspectedLadder } from '../testing/hls-inspect.js';
import { transcodeHlsLadder, type HlsLadderResult } from './transcode-hls.js';

// ffmpeg runs take seconds, more when other work shares the machine.
jest.setTimeout(120_000);

let dir: string;
const file = (name: string) => join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'media-hls-'));
  await Promise.all([
    // A legacy upload (MPEG-4 Part 2): nothing can be copied, every rendition is encoded.
    generateTestVideo(file('legacy-480p.mp4'), {
      width: 854,
      height: 480,
      seconds: 6,
      codec: 'mpeg4',
      videoBitrate: '1500k',
    }),
    // Already streaming-ready: H.264 yuv420p, 2 s GOP, under the 480p cap of 1500 kbit/s.
    generateTestVideo(file('ready-480p.mp4'), { width: 854, height: 480, seconds: 6, videoBitrate: '700k' }),
    generateTestVideo(file('ready-240p.mp4'), { width: 426, height: 240, seconds: 6, videoBitrate: '300k' }),
    generateTestVideo(file('silent-360p.mkv'), {
      width: 640,
      height: 360,
      seconds: 4,
      audio: false,
      container: 'matroska',
      codec: 'mpeg4',
    }),
  ]);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function expectAlignedKeyframes(ladder: InspectedLadder, durationSeconds: number) {
  const grid = Array.from({ length: Math.ceil(durationSeconds / 2) }, (_, i) => i * 2);
  const first = ladder.variants[0]!.keyframeTimes;
  expect(first.map((t) => Math.round((t - first[0]!) * 1000) / 1000)).toEqual(grid);
  for (const v of ladder.variants) {
    expect(v.keyframeTimes).toEqual(first);
    expect(v.segmentDurations).toEqual(ladder.variants[0]!.segmentDurations);
  }
}

describe('transcodeHlsLadder: encoded ladder', () => {
  let result: HlsLadderResult;
  let ladder: InspectedLadder;
  const progress: MediaProgress[] = [];

  beforeAll(async () => {
    result = await transcodeHlsLadder({
      source: file('legacy-480p.mp4'),
      outputDir: file('out-legacy'),
      onProgress: (p) => progress.push(p),
    });
    ladder = await inspectHlsLadder(result.outputDir);
  });

  it('writes the renditions up to the source height, all encoded to H.264 yuv420p', () => {
    expect(result.renditions.map((r) => [r.name, r.mode])).toEqual([
      ['480p', 'encode'],
      ['360p', 'encode'],
      ['240p', 'encode'],
    ]);
    expect(ladder.variants.map((v) => [v.width, v.height, v.codec, v.pixFmt])).toEqual([
      [854, 480, 'h264', 'yuv420p'],
      [640, 360, 'h264', 'yuv420p'],
      [428, 240, 'h264', 'yuv420p'],
    ]);
  });

  it('keeps the duration of the source in every rendition', () => {
    for (const v of ladder.variants) expect(v.durationSeconds).toBeCloseTo(6, 1);
    expect(ladder.audio!.durationSeconds).toBeCloseTo(6, 1);
  });

  it('puts keyframes every 2 s at identical times in every rendition', () => {
    expectAlignedKeyframes(ladder, 6);
  });

  it('writes one AAC-LC 48 kHz stereo audio rendition in fMP4 segments', () => {
    expect(ladder.audio).toMatchObject({ codec: 'aac', profile: 'LC', sampleRate: 48000, channels: 2 });
    expect(result.files.filter((f) => f.endsWith('.m4s')).length).toBeGreaterThanOrEqual(8);
    expect(result.files).not.toContainEqual(expect.stringMatching(/\.ts$/));
  });

  it('writes a master playlist with BANDWIDTH, RESOLUTION and CODECS for each variant', async () => {
    const master = await readFile(join(result.outputDir, 'master.m3u8'), 'utf8');
    expect(master).toMatch(
      /#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="group_aud",NAME="Audio",DEFAULT=YES,URI="audio\/index.m3u8"/,
    );
    for (const v of ladder.variants) {
      const a = v.attributes;
      expect(Number(a.get('BANDWIDTH'))).toBeGreaterThan(Number(a.get('AVERAGE-BANDWIDTH')) - 1);
      expect(a.get('RESOLUTION')).toBe(`${v.width}x${v.height}`);
      expect(a.get('CODECS')).toMatch(/^avc1\.64[0-9a-f]{4},mp4a\.40\.2$/);
      expect(a.get('AUDIO')).toBe('group_aud');
    }
    // The ≤720p rendition is listed first (players start with the first variant).
    expect(ladder.variants[0]!.height).toBe(480);
  });

  it('stays under each rendition cap', () => {
    const caps: Record<string, number> = { '480p': 1500e3, '360p': 900e3, '240p': 450e3 };
    for (const r of result.renditions) expect(r.videoBitRate).toBeLessThan(caps[r.name]!);
  });

  it('reports progress from ffmpeg up to 1', () => {
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)!.fraction).toBe(1);
    const fractions = progress.map((p) => p.fraction);
    expect([...fractions].sort((a, b) => a - b)).toEqual(fractions);
  });
});

describe('transcodeHlsLadder: copy path', () => {
  it('remuxes the top rendition of a streaming-ready H.264 source and encodes the lower ones', async () => {
    const result = await transcodeHlsLadder({ source: file('ready-480p.mp4'), outputDir: file('out-ready') });
    expect(result.renditions.map((r) => [r.name, r.mode])).toEqual([
      ['480p', 'copy'],
      ['360p', 'encode'],
      ['240p', 'encode'],
    ]);
    const ladder = await inspectHlsLadder(result.outputDir);
    // ffmpeg writes no CODECS for a copied stream; the master must still have it.
    expect(ladder.variants[0]!.attributes.get('CODECS')).toMatch(/^avc1\.64[0-9a-f]{4},mp4a\.40\.2$/);
    expectAlignedKeyframes(ladder, 6);

    // Remuxed means the video bitstream is the source's, packet for packet.
    const hash = async (path: string) =>
      (
        await runProcess(
          'ffmpeg',
          [
            '-v',
            'error',
            ...safeInputArgs(path, 'mov'),
            '-map',
            '0:v',
            '-c',
            'copy',
            '-f',
            'streamhash',
            '-hash',
            'md5',
            '-',
          ],
          {
            collectStdout: true,
          },
        )
      ).stdout.toString();
    const joined = file('copied-480p.mp4');
    await joinHlsRendition(join(result.outputDir, '480p/index.m3u8'), joined);
    expect((await hash(joined)).split(',').pop()).toBe((await hash(file('ready-480p.mp4'))).split(',').pop());
  });

  it('copies the whole video when the source is the only rendition', async () => {
    const result = await transcodeHlsLadder({ source: file('ready-240p.mp4'), outputDir: file('out-240') });
    expect(result.renditions.map((r) => r.mode)).toEqual(['copy']);
    const ladder = await inspectHlsLadder(result.outputDir);
    expect(ladder.variants[0]).toMatchObject({ width: 426, height: 240, codec: 'h264' });
    expect(ladder.variants[0]!.durationSeconds).toBeCloseTo(6, 1);
    expect(ladder.audio).toMatchObject({ codec: 'aac', sampleRate: 48000, channels: 2 });
  });
});

const rms = (x: Float32Array): number => Math.sqrt(x.reduce((sum, v) => sum + v * v, 0) / x.length);

describe('transcodeHlsLadder: audio', () => {
  it('uses a pre-processed WAV instead of the source audio (the watermark hook)', async () => {
    const source = file('ready-240p.mp4');
    const pcm = await extractAudioPcm(source, { sampleRate: 48000, channels: 2 });
    // Stand-in for the watermark: a change the output must carry. Halving is -6 dB.
    const quieter = pcm.map((s) => s * 0.5);
    await writeWav(file('processed.wav'), quieter, 48000, 2);

    const result = await transcodeHlsLadder({ source, outputDir: file('out-wav'), audioWav: file('processed.wav') });
    expect(result.plan.audio).toBe('external');
    const ladder = await inspectHlsLadder(result.outputDir);
    expect(ladder.audio!.durationSeconds).toBeCloseTo(6, 1);
    // Decode the audio rendition back: its level is the processed one, not the source's.
    await joinHlsRendition(join(result.outputDir, 'audio/index.m3u8'), file('audio-out.mp4'));
    const out = await extractAudioPcm(file('audio-out.mp4'), { sampleRate: 48000, channels: 2 });
    expect(rms(out) / rms(pcm)).toBeCloseTo(0.5, 1);
  });

  it('adds a mark streamed on stdin to the audio sample for sample, keeping a late-starting track in sync', async () => {
    // The sound starts 0.6 s after the picture (a camera that starts recording audio late).
    const source = file('late-audio.mp4');
    await runProcess('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25:duration=4'],
      ...['-itsoffset', '0.6', '-f', 'lavfi', '-i', 'anoisesrc=duration=3:color=pink:sample_rate=48000,lowpass=6000'],
      ...['-c:v', 'libx264', '-g', '50', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '192k', source],
    ]);
    const pcm = await extractAudioPcm(source, { sampleRate: 48000, channels: 2 });
    // The mark is the audio itself at 16 kHz, negated and halved: only if it lands on the very
    // sample it was made from, at its own level, is the ladder's audio exactly half as loud
    // (noise does not repeat: anywhere else, the two would add up to more than the audio).
    const mono16k = await extractAudioPcm(source, { sampleRate: 16000, channels: 1 });
    const level = rms(await extractAudioPcm(source, { sampleRate: 16000, channels: 2 })) / rms(mono16k);
    const antiMark = mono16k.map((s) => -0.5 * s * level);
    const result = await transcodeHlsLadder({
      source,
      outputDir: file('out-late-audio'),
      audioMark: { sampleRate: 16000, pcm: Readable.from([Buffer.from(antiMark.buffer)]) },
    });
    expect(result.plan.audio).toBe('source');
    await joinHlsRendition(join(result.outputDir, 'audio/index.m3u8'), file('late-audio-out.mp4'));
    const out = await extractAudioPcm(file('late-audio-out.mp4'), { sampleRate: 48000, channels: 2 });
    expect(out.length).toBeGreaterThan(0.9 * pcm.length);
    expect(rms(out) / rms(pcm)).toBeCloseTo(0.5, 1);

    const start = async (playlist: string): Promise<number> => {
      const { stdout } = await runProcess(
        'ffprobe',
        ['-v', 'error', '-protocol_whitelist', 'file', '-show_entries', 'stream=start_time', '-of', 'json', playlist],
        { collectStdout: true },
      );
      return Number((JSON.parse(stdout.toString()) as { streams: { start_time: string }[] }).streams[0]!.start_time);
    };
    const video = await start(join(result.outputDir, result.renditions[0]!.playlist));
    const audio = await start(join(result.outputDir, result.audio!.playlist));
    // As in the source (0.6 s less the AAC encoder's priming), within one audio frame.
    expect(Math.abs(audio - video - 0.58)).toBeLessThan(0.05);
  });

  it('writes a video-only ladder for a silent source (no audio group)', async () => {
    const result = await transcodeHlsLadder({ source: file('silent-360p.mkv'), outputDir: file('out-silent') });
    const ladder = await inspectHlsLadder(result.outputDir);
    expect(ladder.audio).toBeUndefined();
    expect(ladder.variants.map((v) => v.attributes.get('CODECS'))).toEqual([
      expect.stringMatching(/^avc1\.[0-9a-f]{6}$/),
      expect.stringMatching(/^avc1\.[0-9a-f]{6}$/),
    ]);
    expect(ladder.variants.every((v) => !v.attributes.has('AUDIO'))).toBe(true);
  });
});

describe('transcodeHlsLadder: stopping', () => {
  it('stops ffmpeg when the signal aborts (worker shutdown)', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const run = transcodeHlsLadder({
      source: file('legacy-480p.mp4'),
      outputDir: file('out-aborted'),
      signal: controller.signal,
      x264Preset: 'slow',
      onProgress: () => controller.abort(),
    });
    await expect(run).rejects.toBeInstanceOf(MediaAbortedError);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses to write into a folder that already holds files', async () => {
    await expect(transcodeHlsLadder({ source: file('ready-240p.mp4'), outputDir: file('out-240') })).rejects.toThrow(
      /not empty/,
    );
  });
});
