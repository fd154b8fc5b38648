import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeJwt, mockFetch } from '@/testing/fetch-mock';
import { renderRoute } from '@/testing/render';
import { CreatePlaylistForm } from './CreatePlaylistForm';
import { MyPlaylistsScreen } from './MyPlaylistsScreen';

const entry = (id: number, title: string, n: number) => ({
  id,
  title,
  duration: 60 * n,
  video_id: n ? 1 : null,
  video: n ? { id: 1, scripted_bunny_path: null } : null,
  user_id: 7,
  group_id: null,
  position: null,
  number_of_videos: n,
});

/**
 * get_user_playlists answers the first list, then never again: what the screen shows after a
 * creation is the local effect of add_full_playlist's answer (spec viewer §4).
 */
function serve(created: { id: number; title: string; videos: unknown[] }) {
  let first = true;
  return mockFetch({
    'GET /cuviewTV/get_user_playlists/': () => {
      if (!first) return new Promise(() => undefined);
      first = false;
      return { json: [entry(1, 'Morning', 2), entry(2, 'Evening', 1)] };
    },
    'POST /cuviewTV/add_full_playlist/': {
      status: 201,
      json: { ...created, duration: 0, video_id: null, user_id: 7, group_id: null },
    },
  });
}

const titles = () => [
  ...new Set(
    within(document.querySelector<HTMLElement>('.grid')!)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href')),
  ),
];

describe('order of new playlists', () => {
  it('appends a plain new playlist at the end of My Playlists', async () => {
    localStorage.setItem('access', fakeJwt());
    serve({ id: 9, title: 'Road trip', videos: [] });
    renderRoute(<MyPlaylistsScreen />, { route: '/myPlaylists', path: '/myPlaylists' });
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Morning');
    await user.click(screen.getByRole('button', { name: 'Create New' }));
    await user.type(screen.getByLabelText('Name'), 'Road trip');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByText('Playlist has been added');
    await waitFor(() => expect(screen.getByText('Road trip')).toBeInTheDocument());
    expect(titles()).toEqual(['/myPlaylist/1/Morning', '/myPlaylist/2/Evening', '/myPlaylist/9/Road%20trip']);
  });

  it('puts a playlist created with videos first', async () => {
    localStorage.setItem('access', fakeJwt());
    const video = { id: 5, title: 'Harbour Lights', duration: 60, scripted_bunny_path: null, position: 1 };
    serve({ id: 10, title: 'Favourites', videos: [video] });
    // As from the add-to dialog's Create New, which sends the video along: a full playlist.
    renderRoute(
      <>
        <MyPlaylistsScreen />
        <CreatePlaylistForm videoIds={[5]} onDone={() => undefined} />
      </>,
      { route: '/myPlaylists', path: '/myPlaylists' },
    );
    await screen.findByText('Morning');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Name'), 'Favourites');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByText('Playlist has been added');
    await waitFor(() => expect(titles()[0]).toBe('/myPlaylist/10/Favourites'));
    expect(titles()).toEqual(['/myPlaylist/10/Favourites', '/myPlaylist/1/Morning', '/myPlaylist/2/Evening']);
  });
});

describe('covers of My Playlists', () => {
  it('shows the default cover of an empty playlist without asking the image service', async () => {
    localStorage.setItem('access', fakeJwt());
    mockFetch({
      'GET /cuviewTV/get_user_playlists/': { json: [entry(1, 'Morning', 2), entry(3, 'Empty', 0)] },
    });
    renderRoute(<MyPlaylistsScreen />, { route: '/myPlaylists', path: '/myPlaylists' });
    await screen.findByText('Empty');
    const covers = [...document.querySelectorAll('.grid .card__thumb img')].map((i) => i.getAttribute('src'));
    // The filled one keeps its cover; the empty one has no cover video, which would answer 404.
    expect(covers).toEqual(['/cuviewTV/image/playlist/1/300/', '/default-cover.svg']);
  });
});
