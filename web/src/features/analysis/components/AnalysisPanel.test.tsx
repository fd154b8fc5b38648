import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FootprintInfo, RecognisedTrack, WatermarkInfo } from '@/lib/api/types';
import { AnalysisPanel } from './AnalysisPanel';

const watermark = {
  wm_track: { track_id: 1, track_title: 'Night Drive' },
  result_link: 'https://tv.example/r/1',
} as WatermarkInfo;
const footprint = {
  fp_track: { track_id: 2, track_title: 'Signal Lost' },
  result_link: 'https://tv.example/r/2',
} as FootprintInfo;

describe('analysis panel', () => {
  it('shows a tab per result present', () => {
    render(<AnalysisPanel watermark={watermark} footprint={footprint} />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['WATERMARK', 'FOOTPRINT']);
    expect(screen.getByRole('heading', { name: 'Night Drive' })).toBeInTheDocument();
  });

  it('switches between the two tabs every 15 s, starting 15 s after the results land', () => {
    vi.useFakeTimers();
    try {
      // As in the player: the panel is there before the analysis answers.
      const { rerender } = render(<AnalysisPanel watermark={null} footprint={null} />);
      rerender(<AnalysisPanel watermark={watermark} footprint={footprint} />);
      const selected = () => screen.getByRole('tab', { selected: true }).textContent;
      expect(selected()).toBe('WATERMARK');
      act(() => {
        vi.advanceTimersByTime(14_900);
      });
      expect(selected()).toBe('WATERMARK');
      act(() => {
        vi.advanceTimersByTime(100);
      });
      expect(selected()).toBe('FOOTPRINT');
      expect(screen.getByRole('heading', { name: 'Signal Lost' })).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(15_000);
      });
      expect(selected()).toBe('WATERMARK');
    } finally {
      vi.useRealTimers();
    }
  });

  it('empties in the same render when the results are cleared (a new video), whichever tab was open', () => {
    const { rerender } = render(<AnalysisPanel watermark={watermark} footprint={footprint} />);
    rerender(<AnalysisPanel watermark={null} footprint={null} />);
    expect(screen.queryByRole('region', { name: 'Analysis results' })).toBeNull();

    rerender(<AnalysisPanel watermark={watermark} footprint={footprint} />);
    screen.getByRole('tab', { name: 'FOOTPRINT' }).click();
    rerender(<AnalysisPanel watermark={watermark} footprint={null} />);
    expect(screen.getByRole('heading', { name: 'Night Drive' })).toBeInTheDocument();
    rerender(<AnalysisPanel watermark={null} footprint={null} />);
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('shows the album cover from the same origin as the page, whatever host the answer names', () => {
    // The tracker writes PUBLIC_URL into cover_url; a page opened under another name (127.0.0.1,
    // a second domain) would have the picture refused by its img-src 'self'.
    const track = {
      track_id: 4,
      track_title: 'Quiet Rooms',
      album: { id: 4, title: 'Late Set', cover_url: 'http://localhost:3000/cuviewTV/image/album/4/600/' },
    } as RecognisedTrack;
    render(<AnalysisPanel watermark={{ ...watermark, wm_track: track }} footprint={null} />);
    expect(screen.getByRole('img', { name: 'Late Set' })).toHaveAttribute('src', '/cuviewTV/image/album/4/600/');
  });

  it('lists each store link once, although the answer carries it in culinks, links and salome_obj_links', () => {
    // The tracker's answer for a demo track (apps/tracker recognised-track.ts): six shops in
    // culinks, the same six plus two extra links in links, the six shops again as object links.
    const shops = [
      ['ITUNES', 'https://music.apple.com/us/album/a/1?i=2', 'Apple Music'],
      ['AMAZON', 'https://www.amazon.com/dp/B0ABC', 'Amazon Music'],
      ['CUVIEW', 'https://store.cuview.tv/music/CU-1/1', 'CUVIEW Store'],
      ['SPOTIFY', 'https://open.spotify.com/track/x', 'Spotify'],
      ['DEEZER', 'https://www.deezer.com/track/1', 'Deezer'],
      ['RDIO', 'https://www.rdio.com/artist/a/', 'Rdio'],
    ] as const;
    const extra = [
      { url: 'https://lanterns.example/', title: 'The Lanterns official site' },
      { url: 'https://lanterns.example/merch', title: 'The Lanterns merch' },
    ];
    const track = {
      track_id: 3,
      track_title: 'Harbour Lights',
      culinks: { ...Object.fromEntries(shops.map(([k, url]) => [k, { url }])), EXTRA_LINKS: extra },
      links: [
        ...shops.map(([kind, url, title]) => ({ kind, url, title })),
        ...extra.map((l) => ({ kind: 'EXTRA', ...l })),
      ],
      salome_obj_links: shops.map(([, url, title]) => ({
        link_url: url,
        link_title: title,
        link_img_url: 'https://tv.example/cuviewTV/image/album/1/600/',
        link_img_url_300: 'https://tv.example/cuviewTV/image/album/1/300/',
      })),
    } as unknown as RecognisedTrack;
    render(<AnalysisPanel watermark={{ wm_track: track, result_link: null }} footprint={null} />);

    const panel = screen.getByRole('region', { name: 'Analysis results' });
    const hrefs = within(panel)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    for (const [, url] of shops) expect(hrefs.filter((h) => h === url)).toHaveLength(1);
    for (const { url } of extra) expect(hrefs.filter((h) => h === url)).toHaveLength(1);
    // Under the shop's own name.
    expect(within(panel).getByRole('link', { name: 'Apple Music' })).toHaveAttribute('href', shops[0][1]);
  });
});
