import { describe, expect, it } from 'vitest';
import { EMBED_SERVICES, embedSource } from './embed-url';

describe('external links the player can play', () => {
  it('lists the services of spec viewer §1 in its order', () => {
    expect(EMBED_SERVICES).toEqual([
      'Twitch',
      'Vimeo',
      'DailyMotion',
      'Wistia',
      'Vidyard',
      'YouTube',
      'Kaltura',
      'Mixcloud',
      'Streamable',
      'Facebook',
      'SoundCloud',
    ]);
  });

  it.each([
    ['https://www.twitch.tv/videos/106400740', 'Twitch'],
    ['https://vimeo.com/1084537', 'Vimeo'],
    ['https://dai.ly/x7tgad0', 'DailyMotion'],
    ['https://home.wistia.com/medias/e4a27b971d', 'Wistia'],
    ['https://share.vidyard.com/watch/YBvcF2BEfvKdowmfrRwk57', 'Vidyard'],
    ['https://youtu.be/aqz-KE-bpKQ', 'YouTube'],
    ['https://cdnapisec.kaltura.com/p/2507381/sp/250738100/embedIframeJs/uiconf_id/44372392', 'Kaltura'],
    ['https://www.mixcloud.com/mixcloud/meet-the-curators/', 'Mixcloud'],
    ['https://streamable.com/moo', 'Streamable'],
    ['https://fb.watch/abc123/', 'Facebook'],
    ['https://soundcloud.com/miami-nights-1984/accelerated', 'SoundCloud'],
    ['https://cdn.example.com/media/clip.mp4', 'a file'],
    ['http://cdn.example.com/live/master.m3u8?token=1', 'a file'],
    ['https://cdn.example.com/audio/take.MP3', 'a file'],
    ['  https://vimeo.com/1084537  ', 'Vimeo'],
    ['/cuviewTV/media/hls/211/file/0b8c9f3e.mp4', 'a file'],
  ])('%s plays from %s', (url, source) => {
    expect(embedSource(url)).toBe(source);
  });

  it.each([
    'https://example.com/watch?v=1',
    'https://example.com/?next=youtube.com/watch',
    'https://example.com/clip.mp4.html',
    'ftp://cdn.example.com/clip.mp4',
    'javascript:alert(1)//youtube.com',
    'vimeo.com/1084537',
    'not a link',
    '/cuviewTV/media/../admin/clip.mp4',
    '/cuviewTV/image/video/1/600/',
    '/elsewhere/clip.mp4',
  ])('%s is refused', (url) => {
    expect(embedSource(url)).toBeNull();
  });
});
