import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmbedPlayer } from './EmbedPlayer';
import { embedProvider } from './embed-url';

describe('embedded player', () => {
  it('shows the poster and names the service before loading anything from it', () => {
    render(<EmbedPlayer url="https://vimeo.com/1084537" title="Sintel" poster="/img/v/201/600/" />);
    const region = screen.getByRole('region', { name: 'Video player: Sintel' });
    expect(region.querySelector('img')).toHaveAttribute('src', '/img/v/201/600/');
    expect(region.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('button', { name: 'Play from Vimeo' })).toBeInTheDocument();
  });

  it('mounts the provider iframe when asked to play', () => {
    render(<EmbedPlayer url="https://www.dailymotion.com/video/x7tgad0" title="Café" poster="/p" />);
    fireEvent.click(screen.getByRole('button', { name: 'Play from DailyMotion' }));
    expect(document.querySelector('iframe')).toHaveAttribute('src', 'https://www.dailymotion.com/embed/video/x7tgad0');
  });

  it('brings the poster back with a message when the player script cannot load (offline)', async () => {
    render(<EmbedPlayer url="https://www.youtube.com/watch?v=aqz-KE-bpKQ" title="Big Buck Bunny" poster="/p" />);
    fireEvent.click(screen.getByRole('button', { name: 'Play from YouTube' }));
    // What the YouTube element's failed iframe API load rejects with, uncaught.
    const script = document.createElement('script');
    const failure = new Event('error');
    script.dispatchEvent(failure);
    const rejection = Object.assign(new Event('unhandledrejection', { cancelable: true }), { reason: failure });
    window.dispatchEvent(rejection);
    expect(rejection.defaultPrevented).toBe(true);
    expect(
      await screen.findByRole('button', { name: 'Could not load the player from YouTube. Try again' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Video player: Big Buck Bunny' }).querySelector('img')).toHaveAttribute(
      'src',
      '/p',
    );
  });

  it('names every embedded source kind of the spec', () => {
    const links = {
      YouTube: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
      Vimeo: 'https://vimeo.com/1084537',
      Twitch: 'https://www.twitch.tv/videos/106400740',
      DailyMotion: 'https://www.dailymotion.com/video/x7tgad0',
      Wistia: 'https://home.wistia.com/medias/e4a27b971d',
      Vidyard: 'https://share.vidyard.com/watch/YBvcF2BEfvKdowmfrRwk57',
      Kaltura: 'https://cdnapisec.kaltura.com/p/2507381/sp/250738100/embedIframeJs/uiconf_id/44372392',
      Mixcloud: 'https://www.mixcloud.com/mixcloud/meet-the-curators/',
      Streamable: 'https://streamable.com/moo',
      Facebook: 'https://www.facebook.com/facebook/videos/10153231379946729/',
      SoundCloud: 'https://soundcloud.com/miami-nights-1984/accelerated',
      'a file': 'https://example.com/clip.mp4',
    };
    for (const [name, url] of Object.entries(links)) expect(embedProvider(url)).toBe(name);
  });
});
