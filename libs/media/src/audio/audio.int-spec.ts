import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { BadMediaError } from '../errors.js';
import { sniffImage } from '../image/image.js';
import { extractPosterFrame } from '../poster.js';
import { probeMedia } from '../probe.js';
import { generateTestAudio, generateTestVideo } from '../testing/generate.js';
import { cutAudioExcerpt } from './excerpt.js';
import { createWavWriter, extractAudioPcm, writeWav } from './pcm.js';

jest.setTimeout(120_000);

let dir: string;
const file = (name: string) => join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'media-audio-'));
  await Promise.all([
    generateTestAudio(file('track.flac'), 20),
    generateTestAudio(file('track.mp3'), 4),
    generateTestVideo(file('clip.mp4'), { width: 640, height: 360, seconds: 10 }),
    generateTestVideo(file('silent.mp4'), { width: 320, height: 240, seconds: 2, audio: false }),
  ]);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('extractAudioPcm and writeWav', () => {
  it('decodes the audio of a video to interleaved float samples at the asked rate', async () => {
    const pcm = await extractAudioPcm(file('clip.mp4'), { sampleRate: 48000, channels: 2 });
    expect(pcm.length / 2 / 48000).toBeCloseTo(10, 1);
    const peak = pcm.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
    expect(peak).toBeGreaterThan(0.05);
    expect(peak).toBeLessThanOrEqual(1);
  });

  it('reads a window of a long file (mono, resampled)', async () => {
    const pcm = await extractAudioPcm(
      file('track.flac'),
      { sampleRate: 16000, channels: 1 },
      { start: 5, duration: 3 },
    );
    expect(pcm.length).toBeGreaterThan(16000 * 3 - 200);
    expect(pcm.length).toBeLessThanOrEqual(16000 * 3);
  });

  it('writes a float WAV that reads back sample for sample', async () => {
    const pcm = await extractAudioPcm(file('track.mp3'), { sampleRate: 48000, channels: 2 });
    await writeWav(file('roundtrip.wav'), pcm, 48000, 2);
    const probe = await probeMedia(file('roundtrip.wav'), 'audio');
    expect(probe.audio).toMatchObject({ codec: 'pcm_f32le', sampleRate: 48000, channels: 2 });
    const back = await extractAudioPcm(file('roundtrip.wav'), { sampleRate: 48000, channels: 2 });
    // Byte comparison: a deep equal over 400k floats takes jest seconds.
    expect(back.length).toBe(pcm.length);
    expect(Buffer.from(back.buffer).equals(Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength))).toBe(true);
  });

  it('streams long audio to a WAV in pieces', async () => {
    const writer = await createWavWriter(file('pieces.wav'), 8000, 1);
    await writer.write(new Float32Array(8000).fill(0.25));
    await writer.write(new Float32Array(4000).fill(-0.25));
    await writer.close();
    const back = await extractAudioPcm(file('pieces.wav'), { sampleRate: 8000, channels: 1 });
    expect(back.length).toBe(12000);
    expect([back[0], back[11999]]).toEqual([0.25, -0.25]);
  });

  it('says so when a video has no audio', async () => {
    await expect(extractAudioPcm(file('silent.mp4'), { sampleRate: 48000, channels: 2 })).rejects.toMatchObject({
      name: 'BadMediaError',
      reason: 'no_audio',
    });
  });
});

describe('cutAudioExcerpt (track.excerpt)', () => {
  it('cuts [start, end] of a track to AAC-LC in an M4A', async () => {
    const result = await cutAudioExcerpt(file('track.flac'), file('excerpt.m4a'), { start: 5, end: 12.5 });
    expect(result.durationSeconds).toBe(7.5);
    const probe = await probeMedia(file('excerpt.m4a'), 'audio');
    expect(probe.container.ext).toBe('m4a');
    expect(probe.audio).toMatchObject({ codec: 'aac', profile: 'LC', channels: 2, sampleRate: 48000 });
    expect(probe.durationSeconds).toBeCloseTo(7.5, 1);
    // faststart: the index (moov) comes before the audio data, so playback starts at once.
    const head = (await readFile(file('excerpt.m4a'))).subarray(0, 4096).toString('latin1');
    expect(head.indexOf('moov')).toBeGreaterThan(0);
    expect(head.indexOf('moov')).toBeLessThan(head.indexOf('mdat') === -1 ? Infinity : head.indexOf('mdat'));
  });

  it.each([
    [{ start: 10, end: 5 }, /end after it starts/],
    [{ start: -1, end: 5 }, /end after it starts/],
    [{ start: 15, end: 40 }, /outside the track \(20\.0 s long\)/],
    [{ start: 25, end: 30 }, /outside the track/],
  ])('refuses the range %j with a readable message', async (range, message) => {
    const error = await cutAudioExcerpt(file('track.flac'), file('bad.m4a'), range).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadMediaError);
    expect((error as BadMediaError).reason).toBe('invalid_range');
    expect((error as BadMediaError).message).toMatch(message);
  });
});

describe('extractPosterFrame', () => {
  it('writes a JPEG frame past the opening seconds (30 % of a 10 s clip)', async () => {
    const result = await extractPosterFrame(file('clip.mp4'), file('poster.jpg'));
    expect(result.atSeconds).toBeCloseTo(3, 1);
    const data = await readFile(file('poster.jpg'));
    expect(await sniffImage(data)).toEqual({ ext: 'jpg', mime: 'image/jpeg' });
    expect(await sharp(data).metadata()).toMatchObject({ width: 640, height: 360, format: 'jpeg' });
  });
});
