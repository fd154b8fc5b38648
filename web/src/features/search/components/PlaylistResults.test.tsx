import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Playlist } from '@/lib/api/types';
import { fakeJwt, mockFetch, type Answer } from '@/testing/fetch-mock';
import { renderRoute } from '@/testing/render';
import { SearchScreen } from './SearchScreen';

const SEARCH = '/search?q=rock%20en%20espanol';
const PLAYLISTS = 'POST /cuviewTV/get_search_playlists/rock%20en%20espanol/';
const RESULTS = 'POST /cuviewTV/get_search_results/rock%20en%20espanol/1/';
const NO_VIDEOS = { json: { videos: [], videoLength: 0 } };
const A_VIDEO = { json: { videos: [{ id: 5, title: 'Lamento boliviano', duration: 100 }], videoLength: 1 } };

function aPlaylist(fields: Partial<Playlist> & Pick<Playlist, 'id' | 'title'>): Playlist {
  return {
    duration: 3600,
    video_id: 403,
    video: { id: 403, scripted_bunny_path: '' },
    images: null,
    user_id: null,
    group_id: 7,
    position: null,
    number_of_videos: 12,
    ...fields,
  };
}

const playlistsRow = () => screen.queryByRole('region', { name: 'Playlists matching the search' });

describe('/search: playlists matching the title search', () => {
  it('shows matching playlists above the videos, each opening in the player, and no "No Results"', async () => {
    const { calls } = mockFetch({
      [PLAYLISTS]: { json: [aPlaylist({ id: 54, title: 'Rock en Español' })] },
      [RESULTS]: NO_VIDEOS,
    });
    renderRoute(<SearchScreen />, { route: SEARCH, path: '/search' });
    const link = await screen.findByRole('link', { name: 'Open playlist Rock en Español' });
    expect(link).toHaveAttribute('href', '/home?g=7&p=54&v=403');
    const row = playlistsRow()!;
    expect(within(row).getByRole('heading', { name: 'Playlists' })).toBeInTheDocument();
    expect(within(row).getByText('12 videos')).toBeInTheDocument();
    expect(screen.queryByText('No Results')).not.toBeInTheDocument();
    // Anonymous: no token is sent.
    expect(calls.find((c) => c.path.includes('get_search_playlists'))!.headers.Authorization).toBeUndefined();
  });

  it('leaves the row out when no playlist matches, and says No Results when no video does either', async () => {
    mockFetch({ [PLAYLISTS]: { json: [] }, [RESULTS]: NO_VIDEOS });
    renderRoute(<SearchScreen />, { route: SEARCH, path: '/search' });
    expect(await screen.findByText('No Results')).toBeInTheDocument();
    expect(playlistsRow()).not.toBeInTheDocument();
  });

  it('shows the playlists and the videos together, so the row never pushes the videos down', async () => {
    let answer: (value: Answer) => void = () => undefined;
    const later = new Promise<Answer>((resolve) => (answer = resolve));
    mockFetch({ [PLAYLISTS]: () => later, [RESULTS]: A_VIDEO });
    renderRoute(<SearchScreen />, { route: SEARCH, path: '/search' });
    await waitFor(() => expect(screen.getByText('Loading...')).toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: 'Play Lamento boliviano' })).not.toBeInTheDocument();
    answer({ json: [aPlaylist({ id: 54, title: 'Rock en Español' })] });
    const video = await screen.findByRole('link', { name: 'Play Lamento boliviano' });
    const row = playlistsRow()!;
    // The row comes first in the page.
    expect(row.compareDocumentPosition(video) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("sends a signed-in person's token, so their own playlists come back, opening in the player group", async () => {
    localStorage.setItem('access', fakeJwt());
    const { calls } = mockFetch({
      'POST /cuviewTV/auth/jwt/verify/': { json: {} },
      'GET /cuviewTV/auth/users/me/': { json: { id: 1, first_name: 'Ana', is_staff: false } },
      [PLAYLISTS]: {
        json: [aPlaylist({ id: 88, title: 'Mi Rock en Español', user_id: 1, group_id: null, video_id: 9 })],
      },
      [RESULTS]: NO_VIDEOS,
    });
    renderRoute(<SearchScreen />, { route: SEARCH, path: '/search' });
    const link = await screen.findByRole('link', { name: 'Open playlist Mi Rock en Español' });
    expect(link).toHaveAttribute('href', '/home?g=4&p=88&v=9');
    const searches = calls.filter((c) => c.path.includes('get_search_playlists'));
    expect(searches).toHaveLength(1);
    expect(searches[0]!.headers.Authorization).toMatch(/^JWT /);
  });

  it('leaves the row out when the call fails with a 404 and still shows the videos', async () => {
    mockFetch({ [RESULTS]: A_VIDEO });
    renderRoute(<SearchScreen />, { route: SEARCH, path: '/search' });
    expect(await screen.findByRole('link', { name: 'Play Lamento boliviano' })).toBeInTheDocument();
    expect(playlistsRow()).not.toBeInTheDocument();
  });
});
