import { describe, expect, it } from '@jest/globals';
import { avcCodecFromInitSegment, avcCodecFromProfile } from './codecs.js';
import { parseAttributes, parseMasterPlaylist, parseMediaPlaylist, renderMasterPlaylist } from './master-playlist.js';

// What ffmpeg 5.1 writes when the top rendition is a remux: no CODECS on that variant.
const FFMPEG_MASTER = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="group_aud",NAME="audio_2",DEFAULT=YES,URI="audio/index.m3u8"
#EXT-X-STREAM-INF:BANDWIDTH=948557,RESOLUTION=640x360,AUDIO="group_aud"
360p/index.m3u8

#EXT-X-STREAM-INF:BANDWIDTH=635800,RESOLUTION=426x240,CODECS="avc1.640015,mp4a.40.2",AUDIO="group_aud"
240p/index.m3u8
`;

describe('master playlist', () => {
  it('parses quoted attributes that contain commas', () => {
    const a = parseAttributes('BANDWIDTH=1,CODECS="avc1.64001f,mp4a.40.2",RESOLUTION=1280x720');
    expect(Object.fromEntries(a)).toEqual({ BANDWIDTH: '1', CODECS: 'avc1.64001f,mp4a.40.2', RESOLUTION: '1280x720' });
  });

  it('reads variants and the audio group and writes them back unchanged', () => {
    const master = parseMasterPlaylist(FFMPEG_MASTER);
    expect(master.variants.map((v) => v.uri)).toEqual(['360p/index.m3u8', '240p/index.m3u8']);
    expect(master.variants[0]!.attributes.get('CODECS')).toBeUndefined();
    expect(master.media[0]!.attributes.get('URI')).toBe('audio/index.m3u8');
    const again = parseMasterPlaylist(renderMasterPlaylist(master));
    expect(again).toEqual(master);
    expect(renderMasterPlaylist(master)).toContain('CODECS="avc1.640015,mp4a.40.2",AUDIO="group_aud"');
  });

  it('reads segment durations and the init segment of a media playlist', () => {
    const media = parseMediaPlaylist(
      '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXT-X-MAP:URI="init_0.mp4"\n#EXTINF:4.000000,\nseg_00000.m4s\n#EXTINF:2.5,\nseg_00001.m4s\n#EXT-X-ENDLIST\n',
    );
    expect(media).toEqual({
      initUri: 'init_0.mp4',
      targetDuration: 4,
      ended: true,
      segments: [
        { uri: 'seg_00000.m4s', duration: 4 },
        { uri: 'seg_00001.m4s', duration: 2.5 },
      ],
    });
  });
});

describe('codec strings', () => {
  it('reads profile, constraints and level from the avcC box', () => {
    const init = Buffer.concat([
      Buffer.from('....stsd....avc1'),
      Buffer.from('avcC'),
      Buffer.from([1, 0x64, 0x00, 0x1f, 0xff]),
    ]);
    expect(avcCodecFromInitSegment(init)).toBe('avc1.64001f');
  });

  it('gives up on an init segment without avcC', () => {
    expect(avcCodecFromInitSegment(Buffer.from('ftypisom'))).toBeUndefined();
  });

  it('falls back to the probed profile and level', () => {
    expect(avcCodecFromProfile('High', 40)).toBe('avc1.640028');
    expect(avcCodecFromProfile('Main', 31)).toBe('avc1.4d001f');
    expect(avcCodecFromProfile('Constrained Baseline', 30)).toBe('avc1.42c01e');
    expect(avcCodecFromProfile('High 4:4:4 Predictive', 40)).toBeUndefined();
  });
});
