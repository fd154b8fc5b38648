import { describe, expect, it } from '@jest/globals';
import { renderSharePage } from './share-page.js';

describe('renderSharePage', () => {
  const preview = {
    title: 'Tom & Jerry "<script>alert(1)</script>"',
    description: "Rock 'n' Roll <b>",
    pageUrl: 'https://tv.example/share/1/2/3/',
    playerUrl: 'https://tv.example/home?g=3&p=2&v=1',
    imageUrl: 'https://tv.example/cuviewTV/image/video/1/600/',
    streamUrl: null,
  };

  it('escapes every catalogue value', () => {
    const html = renderSharePage(preview);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain(
      '<meta property="og:title" content="Tom &#38; Jerry &#34;&#60;script&#62;alert(1)&#60;/script&#62;&#34;">',
    );
    expect(html).toContain('content="Rock &#39;n&#39; Roll &#60;b&#62;"');
  });

  it('previews for Open Graph and Twitter and forwards to the player', () => {
    const html = renderSharePage(preview);
    expect(html).toContain('<meta property="og:image" content="https://tv.example/cuviewTV/image/video/1/600/">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=https://tv.example/home?g=3&#38;p=2&#38;v=1">');
    expect(html).not.toContain('og:video');
    expect(renderSharePage({ ...preview, streamUrl: 'https://cdn.example/v/master.m3u8' })).toContain(
      '<meta property="og:video" content="https://cdn.example/v/master.m3u8">',
    );
  });
});
