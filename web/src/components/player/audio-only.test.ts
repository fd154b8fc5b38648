import { describe, expect, it } from 'vitest';
import { audioPlaylistUrl, switchPoint } from './audio-only';

const MASTER = [
  '#EXTM3U',
  '#EXT-X-VERSION:7',
  '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="group_audio",NAME="audio",DEFAULT=YES,URI="audio/index.m3u8"',
  '#EXT-X-STREAM-INF:BANDWIDTH=1400000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2",AUDIO="group_audio"',
  '720p/index.m3u8',
].join('\n');

describe('audio rendition', () => {
  it("is the master playlist's audio entry, next to the master", () => {
    expect(audioPlaylistUrl('https://tv.example/cuviewTV/media/hls/4/v1/master.m3u8', MASTER)).toBe(
      'https://tv.example/cuviewTV/media/hls/4/v1/audio/index.m3u8',
    );
  });

  it('is null for a ladder without separate audio', () => {
    expect(audioPlaylistUrl('/x/master.m3u8', '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n360p.m3u8')).toBeNull();
  });
});

describe('switching between picture and sound alone', () => {
  it('goes on where it was', () => {
    expect(switchPoint(61.5, 200)).toBe(61.5);
  });

  it('goes on a second before the end when switched in the last second', () => {
    expect(switchPoint(199.8, 200)).toBe(199);
    expect(switchPoint(200, 200)).toBe(199);
  });

  it('keeps the time while the duration is unknown', () => {
    expect(switchPoint(12, Number.NaN)).toBe(12);
    expect(switchPoint(0.5, 0.8)).toBe(0);
  });
});
