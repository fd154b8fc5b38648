import { describe, expect, it, jest } from '@jest/globals';
import { FfprobeCommand, parseFfprobeJson, summarisePackets } from './probe.js';
import { FfmpegProgressParser, type MediaProgress } from './progress.js';

const mp4 = { ext: 'mp4', mime: 'video/mp4', demuxer: 'mov' };

describe('FfprobeCommand', () => {
  it('allows only the file protocol and forces the sniffed demuxer', () => {
    expect(new FfprobeCommand('/up/a b|c.mp4', 'mov').args()).toEqual([
      '-hide_banner',
      '-v',
      'error',
      '-protocol_whitelist',
      'file',
      '-f',
      'mov',
      '-i',
      'file:/up/a b|c.mp4',
      '-show_format',
      '-show_streams',
      '-of',
      'json',
    ]);
  });

  it('turns a protocol-looking name into a plain file path', () => {
    const args = new FfprobeCommand('concat:/etc/passwd|/etc/hosts', 'mov').args();
    expect(args[args.indexOf('-i') + 1]).toMatch(/^file:\/.*concat:\/etc\/passwd\|\/etc\/hosts$/);
  });
});

describe('parseFfprobeJson', () => {
  it('reads streams, frame rate, duration and audio presence', () => {
    const probe = parseFfprobeJson(
      JSON.stringify({
        streams: [
          {
            index: 0,
            codec_type: 'video',
            codec_name: 'h264',
            profile: 'High',
            level: 31,
            pix_fmt: 'yuv420p',
            width: 1280,
            height: 720,
            bit_rate: '2500000',
            avg_frame_rate: '30000/1001',
            r_frame_rate: '30000/1001',
            sample_aspect_ratio: '1:1',
          },
          { index: 1, codec_type: 'audio', codec_name: 'aac', sample_rate: '48000', channels: 2, bit_rate: '128000' },
        ],
        format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '12.5', bit_rate: '2700000' },
      }),
      mp4,
    );
    expect(probe.durationSeconds).toBe(12.5);
    expect(probe.hasAudio).toBe(true);
    expect(probe.video).toMatchObject({
      codec: 'h264',
      pixFmt: 'yuv420p',
      width: 1280,
      height: 720,
      bitRate: 2_500_000,
      rotation: 0,
    });
    expect(probe.video!.fps).toBeCloseTo(29.97, 2);
    expect(probe.audio).toMatchObject({ codec: 'aac', sampleRate: 48000, channels: 2 });
  });

  it('does not take an MP3 cover picture for a video', () => {
    const probe = parseFfprobeJson(
      JSON.stringify({
        streams: [
          { index: 0, codec_type: 'audio', codec_name: 'mp3', sample_rate: '44100', channels: 2 },
          {
            index: 1,
            codec_type: 'video',
            codec_name: 'mjpeg',
            width: 500,
            height: 500,
            disposition: { attached_pic: 1 },
          },
        ],
        format: { duration: '200' },
      }),
      { ext: 'mp3', mime: 'audio/mpeg', demuxer: 'mp3' },
    );
    expect(probe.video).toBeUndefined();
    expect(probe.hasAudio).toBe(true);
  });

  it('derives the video bit rate from the total when the container has none per stream (MKV)', () => {
    const probe = parseFfprobeJson(
      JSON.stringify({
        streams: [
          { codec_type: 'video', codec_name: 'h264', width: 640, height: 360, avg_frame_rate: '25/1' },
          { codec_type: 'audio', codec_name: 'opus' },
        ],
        format: { duration: '3', bit_rate: '1128000' },
      }),
      { ext: 'mkv', mime: 'video/matroska', demuxer: 'matroska' },
    );
    expect(probe.video!.bitRate).toBe(1_000_000);
  });

  it('reads the rotation of phone videos', () => {
    const probe = parseFfprobeJson(
      JSON.stringify({
        streams: [
          { codec_type: 'video', codec_name: 'h264', width: 1920, height: 1080, side_data_list: [{ rotation: -90 }] },
        ],
        format: { duration: '3' },
      }),
      mp4,
    );
    expect(probe.video!.rotation).toBe(90);
  });
});

describe('summarisePackets', () => {
  it('lists keyframes and measures average and peak bit rate', () => {
    const lines: string[] = [];
    for (let f = 0; f < 240; f++) {
      // 30 fps, keyframe every 60 frames, a burst in the third second.
      const bytes = f >= 60 && f < 90 ? 40_000 : 10_000;
      lines.push(`${(f / 30).toFixed(6)},${bytes},${f % 60 === 0 ? 'K__' : '___'}`);
    }
    const scan = summarisePackets(lines.join('\n') + '\nN/A,10,___\n', 4);
    expect(scan.keyframeTimes).toEqual([0, 2, 4, 6]);
    expect(scan.averageBitRate).toBeGreaterThan(2_400_000);
    expect(scan.peakBitRate).toBeGreaterThan(scan.averageBitRate);
  });
});

describe('FfmpegProgressParser', () => {
  it('reports the fraction of the duration once per progress block and 1 at the end', () => {
    const seen: MediaProgress[] = [];
    const onProgress = jest.fn((p: MediaProgress) => seen.push(p));
    const parser = new FfmpegProgressParser(10, onProgress);
    for (const line of [
      'frame=10',
      'out_time_us=2500000',
      'speed=3.1x',
      'progress=continue',
      'out_time_us=N/A',
      'progress=continue',
      'out_time_us=9990000',
      'progress=end',
    ]) {
      parser.feed(line);
    }
    expect(seen.map((p) => p.fraction)).toEqual([0.25, 0.25, 1]);
    expect(seen[0]!.speed).toBeCloseTo(3.1);
  });
});
