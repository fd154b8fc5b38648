import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BannerVideo } from '@/lib/api/types';
import { mockFetch } from '@/testing/fetch-mock';
import { renderRoute } from '@/testing/render';
import { HeroBanner } from './HeroBanner';

const VIDEO_PICTURE = { 300: '/cuviewTV/image/video/403/300/v1/', 600: '/cuviewTV/image/video/403/600/v1/' };
const BANNER_PICTURE = { 300: '/cuviewTV/image/banner/3/300/b1/', 600: '/cuviewTV/image/banner/3/600/b1/' };

const banner = (fields: Partial<BannerVideo> = {}): BannerVideo => ({
  id: 3,
  title: 'Tonight',
  position: 1,
  video_id: 403,
  playlist_id: 54,
  group_id: 4,
  video_title: 'Night Drive',
  duration: 245,
  scripted_bunny_path: '/cuviewTV/media/hls/403/master.m3u8',
  yt_link: '',
  artists: 'Nina Simone',
  composers: '',
  images: VIDEO_PICTURE,
  banner_images: null,
  ...fields,
});

function renderHero(...answer: BannerVideo[]) {
  mockFetch({ 'GET /cuviewTV/get_videos_for_banner/': { json: answer } });
  const { container } = renderRoute(<HeroBanner />);
  return async (selector: string) => {
    await screen.findByRole('heading', { name: 'TONIGHT' });
    return container.querySelector(selector);
  };
}

describe('main page hero', () => {
  it('shows the picture staff uploaded for the banner as the poster of its video', async () => {
    const find = renderHero(banner({ banner_images: BANNER_PICTURE }));
    expect(await find('video.hero__video')).toHaveAttribute('poster', BANNER_PICTURE[600]);
  });

  it('shows the banner’s picture as the still image of a video without a stream', async () => {
    const find = renderHero(banner({ banner_images: BANNER_PICTURE, scripted_bunny_path: '' }));
    expect(await find('img.hero__video')).toHaveAttribute('src', BANNER_PICTURE[600]);
  });

  it('shows the video’s picture when the banner has none', async () => {
    const find = renderHero(banner());
    expect(await find('video.hero__video')).toHaveAttribute('poster', VIDEO_PICTURE[600]);
  });
});

describe('swiping the hero', () => {
  /** A finger (or `pointerType`) put down at (x, y) and lifted at (x + dx, y + dy). */
  function drag(dx: number, dy: number, pointerType = 'touch') {
    const hero = screen.getByRole('region', { name: 'Featured video' });
    const at = { pointerId: 1, isPrimary: true, pointerType };
    fireEvent.pointerDown(hero, { ...at, clientX: 200, clientY: 100 });
    fireEvent.pointerUp(hero, { ...at, clientX: 200 + dx, clientY: 100 + dy });
  }
  const shown = () => screen.getByRole('heading', { level: 1 }).textContent;

  it('shows the next banner on a swipe to the left and the previous one on a swipe to the right', async () => {
    renderHero(banner(), banner({ id: 4, title: 'Second' }), banner({ id: 5, title: 'Third' }));
    await screen.findByRole('heading', { name: 'TONIGHT' });
    drag(-120, 10);
    expect(shown()).toBe('SECOND');
    expect(screen.getByRole('button', { name: 'Show Second' })).toHaveAttribute('aria-pressed', 'true');
    drag(120, -10);
    drag(120, 0);
    expect(shown()).toBe('THIRD');
  });

  it('keeps the banner for a tap, a page scroll and a mouse drag', async () => {
    renderHero(banner(), banner({ id: 4, title: 'Second' }));
    await screen.findByRole('heading', { name: 'TONIGHT' });
    drag(-10, 0);
    drag(-60, -200);
    drag(-150, 0, 'mouse');
    // The browser scrolled the page: it cancels the pointer, and the finger lifts elsewhere.
    const hero = screen.getByRole('region', { name: 'Featured video' });
    fireEvent.pointerDown(hero, { pointerId: 2, isPrimary: true, pointerType: 'touch', clientX: 200, clientY: 100 });
    fireEvent.pointerCancel(hero, { pointerId: 2, pointerType: 'touch' });
    fireEvent.pointerUp(hero, { pointerId: 2, isPrimary: true, pointerType: 'touch', clientX: 40, clientY: 100 });
    expect(shown()).toBe('TONIGHT');
  });
});
