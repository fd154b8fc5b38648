import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aVideo } from '@/testing/factories';
import { fakeJwt, mockFetch, type Answer } from '@/testing/fetch-mock';
import { renderRoute } from '@/testing/render';
import { MyPlaylistScreen } from './MyPlaylistScreen';
import { MyPlaylistsScreen } from './MyPlaylistsScreen';

const entry = (id: number, title: string) => ({
  id,
  title,
  duration: 120,
  video_id: 1,
  video: { id: 1, scripted_bunny_path: null },
  images: null,
  user_id: 9,
  group_id: null,
  position: null,
  number_of_videos: 2,
});

/** A stand-in for the server: a rename it accepts shows in every later answer. */
function serve(refuse?: Answer) {
  const titles = new Map([
    [1, 'Morning'],
    [2, 'Evening'],
  ]);
  const mocks = mockFetch({
    'POST /cuviewTV/auth/jwt/verify/': { json: {} },
    'GET /cuviewTV/auth/users/me/': { json: { id: 9, first_name: 'Jane' } },
    'GET /cuviewTV/get_user_playlists/': () => ({ json: [...titles].map(([id, title]) => entry(id, title)) }),
    'GET /cuviewTV/get_custom_playlist/1/': () => ({
      json: { id: 1, title: titles.get(1), user_id: 9, group_id: null, videos: [aVideo({ id: 5, position: 1 })] },
    }),
    'PUT /cuviewTV/rename_playlist/1/': ({ body }) => {
      if (refuse) return refuse;
      titles.set(1, (body as { title: string }).title);
      return { json: entry(1, titles.get(1)!) };
    },
  });
  return { ...mocks, renames: () => mocks.calls.filter((c) => c.method === 'PUT') };
}

const hrefs = () =>
  within(document.querySelector<HTMLElement>('.grid')!)
    .getAllByRole('link')
    .map((a) => a.getAttribute('href'));

describe('renaming on My Playlists', () => {
  function setup(refuse?: Answer) {
    localStorage.setItem('access', fakeJwt());
    const server = serve(refuse);
    const view = renderRoute(<MyPlaylistsScreen />, { route: '/myPlaylists', path: '/myPlaylists' });
    return { ...server, ...view, user: userEvent.setup({ delay: null }) };
  }

  it('renames with the keyboard alone: the name changes in the list and its link, focus comes back', async () => {
    const { user, renames } = setup();
    await screen.findByText('Morning');
    const opener = screen.getByRole('button', { name: 'Rename playlist Morning' });
    opener.focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Rename Playlist' });
    const field = within(dialog).getByLabelText('Name');
    expect(field).toHaveValue('Morning');
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, '  Sunrise Mix {Enter}');
    await screen.findByText('Playlist has been renamed');
    expect(renames().map((c) => c.body)).toEqual([{ title: 'Sunrise Mix' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Sunrise Mix')).toBeInTheDocument());
    expect(screen.queryByText('Morning')).not.toBeInTheDocument();
    expect(hrefs()).toContain('/myPlaylist/1/Sunrise%20Mix');
    expect(screen.getByRole('button', { name: 'Rename playlist Sunrise Mix' })).toHaveFocus();
  });

  it('says an invalid name inside the dialog and sends nothing', async () => {
    const { user, renames } = setup();
    await user.click(await screen.findByRole('button', { name: 'Rename playlist Morning' }));
    const field = screen.getByLabelText('Name');
    await user.clear(field);
    await user.type(field, 'Rock & Roll');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please, Provide Valid Name');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Please, Provide Valid Name');
    expect(field).toHaveValue('Rock & Roll');
    expect(renames()).toEqual([]);
  });

  it("shows the server's refusal in the dialog and keeps the old name", async () => {
    const { user } = setup({ status: 404, json: { message: 'Playlist not found' } });
    await user.click(await screen.findByRole('button', { name: 'Rename playlist Morning' }));
    const field = screen.getByLabelText('Name');
    await user.clear(field);
    await user.type(field, 'Sunrise');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Playlist not found');
    expect(screen.getByRole('dialog', { name: 'Rename Playlist' })).toBeInTheDocument();
    expect(hrefs()).toContain('/myPlaylist/1/Morning');
  });

  it('closes on Escape or Cancel, and on an unchanged name, without a request', async () => {
    const { user, renames } = setup();
    await user.click(await screen.findByRole('button', { name: 'Rename playlist Morning' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rename playlist Evening' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rename playlist Evening' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(renames()).toEqual([]);
  });
});

describe('renaming on the playlist’s own page', () => {
  it('changes the heading and the address to the new name', async () => {
    localStorage.setItem('access', fakeJwt());
    serve();
    const { router } = renderRoute(<MyPlaylistScreen />, {
      route: '/myPlaylist/1/Morning',
      path: '/myPlaylist/:playlistId/:title',
    });
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { name: 'Morning', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const field = screen.getByLabelText('Name');
    await user.clear(field);
    await user.type(field, 'Late Night{Enter}');
    await screen.findByRole('heading', { name: 'Late Night', level: 1 });
    expect(router.state.location.pathname).toBe('/myPlaylist/1/Late%20Night');
  });
});
