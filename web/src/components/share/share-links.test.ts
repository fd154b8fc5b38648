import { describe, expect, it } from 'vitest';
import { shareImageUrl, sharePageUrl, SOCIAL_NETWORKS } from './share-links';

const target = { videoId: 403, playlistId: 54, groupId: 4, title: 'Björk & Friends: Jóga' };
const post = {
  url: sharePageUrl(target, 'https://tv.example'),
  title: target.title,
  media: shareImageUrl(target, 'https://tv.example'),
};
const link = (name: string) => new URL(SOCIAL_NETWORKS.find((n) => n.name === name)!.href(post));

describe('share links (spec viewer §5)', () => {
  it('Pinterest pins the video picture (media), with the share page and the title', () => {
    const pin = link('Pinterest');
    expect(pin.origin + pin.pathname).toBe('https://pinterest.com/pin/create/button/');
    expect(pin.searchParams.get('url')).toBe('https://tv.example/share/403/54/4/');
    expect(pin.searchParams.get('media')).toBe('https://tv.example/cuviewTV/image/video/403/600/');
    expect(pin.searchParams.get('description')).toBe('Björk & Friends: Jóga');
  });

  it('X (Twitter) carries the hashtags and the related accounts', () => {
    const tweet = link('X (Twitter)');
    expect(tweet.origin + tweet.pathname).toBe('https://twitter.com/intent/tweet');
    expect(tweet.searchParams.get('url')).toBe('https://tv.example/share/403/54/4/');
    expect(tweet.searchParams.get('text')).toBe('Björk & Friends: Jóga');
    expect(tweet.searchParams.get('hashtags')).toBe('cuview,music');
    expect(tweet.searchParams.get('related')).toBe('cuviewtv');
  });

  it('every link carries the share page address', () => {
    for (const n of SOCIAL_NETWORKS) expect(decodeURIComponent(n.href(post))).toContain(post.url);
  });
});
