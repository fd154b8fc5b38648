import { describe, expect, it } from 'vitest';
import { audioPlaylistUrl } from './audio-only';

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
