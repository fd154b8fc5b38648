import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { landedAt } from '@/testing/render';
import { MSG } from '../messages';
import { apiMock, renderScreen } from '../test-utils';
import { EditThemeScreen } from './EditThemeScreen';
import { ThemesScreen } from './ThemesScreen';

const GROUPS = [
  { id: 4, title: 'Evening', status: 1, position: 1, number_of_playlists: 2 },
  { id: 5, title: 'Concerts', status: 0, position: 2, number_of_playlists: 0 },
];
const gp = (id: number, position: number) => ({
  id,
  title: `Playlist ${id}`,
  status: 1,
  position,
  duration: 600,
  number_of_videos: 4,
  video_id: 1,
  updated: '',
  has_thumbnail: false,
});

describe('/themes', { timeout: 60_000 }, () => {
  it('lists title, position, playlists and ON/OFF; adds (title required) and deletes with notices', async () => {
    const api = apiMock({
      'GET /cuviewTV/admin/themes/': { json: { groups: GROUPS, groupLength: 2 } },
      'POST /cuviewTV/add_group/': {
        status: 201,
        json: { id: 6, title: 'Mornings', status: 1, position: 3, number_of_playlists: 0, playlists: [] },
      },
      'DELETE /cuviewTV/delete_group/5/': { json: { message: 'Group has been deleted' } },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderScreen(<ThemesScreen />, '/themes', '/themes');
    const user = userEvent.setup({ delay: null });
    const list = await screen.findByRole('list', { name: 'Themes' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Evening12 playlistsON');
    expect(items[1]).toHaveTextContent('Concerts20 playlistsOFF');
    expect(within(items[0]!).getByRole('button', { name: 'Reorder Evening' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Theme' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Theme' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MSG.provideTitle);
    expect(api.named('POST', '/cuviewTV/add_group/')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Title'), 'Mornings');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.groupAdded)).toBeInTheDocument();
    expect(api.named('POST', '/cuviewTV/add_group/')[0]!.body).toEqual({ title: 'Mornings' });

    await user.click(screen.getByRole('button', { name: 'Delete Concerts' }));
    expect(await screen.findByText(MSG.groupDeleted)).toBeInTheDocument();
  });
});

describe('/themes sorted and filtered (issue 15)', { timeout: 60_000 }, () => {
  it('offers dragging only in the hand order; a sort lives in the address and says so', async () => {
    const api = apiMock({
      'GET /cuviewTV/admin/themes/': (call) => ({
        json: { groups: call.query.get('sort') === 'title' ? [...GROUPS].reverse() : GROUPS, groupLength: 2 },
      }),
    });
    const { router } = renderScreen(<ThemesScreen />, '/themes', '/themes');
    const user = userEvent.setup({ delay: null });
    const list = await screen.findByRole('list', { name: 'Themes' });
    expect(within(list).getByRole('button', { name: 'Reorder Evening' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Hand order: the order viewers see');
    expect(api.named('GET', '/cuviewTV/admin/themes/')[0]!.query.get('sort')).toBe('position');

    await user.selectOptions(screen.getByLabelText('Sort by'), 'title');
    await waitFor(() => expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('Concerts'));
    const sorted = api.named('GET', '/cuviewTV/admin/themes/').at(-1)!.query;
    expect([sorted.get('sort'), sorted.get('page_size')]).toEqual(['title', '10']);
    expect(screen.queryByRole('button', { name: /^Reorder/ })).not.toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('drag reordering is off here');

    await user.selectOptions(screen.getByLabelText('Access'), 'off');
    expect(api.named('GET', '/cuviewTV/admin/themes/').at(-1)!.query.get('access')).toBe('off');
    await user.click(screen.getByRole('button', { name: 'Show the hand order to reorder' }));
    expect(await screen.findByRole('button', { name: 'Reorder Evening' })).toBeInTheDocument();
    // The default view again: nothing in the address (its answer may come from the cache).
    expect(router.state.location.search).toBe('');
  });
});

describe('/editTheme/{id}', { timeout: 60_000 }, () => {
  it('removes a playlist from the group, adds another, and saves title, access and order', async () => {
    const api = apiMock({
      'GET /cuviewTV/get_group_info/4/': { json: { ...GROUPS[0], revision: 3, playlists: [gp(10, 1), gp(11, 2)] } },
      'DELETE /cuviewTV/delete_playlist_from_group/4/10/': { json: { message: 'ok', revision: 4 } },
      'GET /cuviewTV/get_playlists_for_admin/1/': {
        json: { playlists: [gp(10, 0), gp(11, 0), gp(12, 0)], playlistLength: 3 },
      },
      'GET /cuviewTV/add_playlist_to_group/4/12/': {
        json: { message: 'ok', group_id: 4, playlist_id: 12, position: 2, revision: 5 },
      },
      'PUT /cuviewTV/edit_group/4/': { json: { ...GROUPS[0], playlists: [] } },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderScreen(<EditThemeScreen />, '/editTheme/4', '/editTheme/:groupId', [landedAt('/themes')]);
    const user = userEvent.setup({ delay: null });
    const access = await screen.findByRole('switch', { name: 'Access' });
    expect(access).toHaveTextContent('Access ON');

    await user.click(screen.getByRole('button', { name: 'Delete Playlist 10 from group' }));
    expect(confirm).toHaveBeenCalledWith(MSG.deletePlaylistFromGroupConfirm);
    expect(await screen.findByText(MSG.playlistDeletedFromGroup)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add playlist to group' }));
    const dialog = screen.getByRole('dialog');
    // Playlists already in the theme are not offered.
    expect(await within(dialog).findByRole('button', { name: /Playlist 12/ })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Playlist 11/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Playlist 12/ }));
    expect(await screen.findByText(MSG.playlistAddedToGroup)).toBeInTheDocument();

    await user.click(access);
    expect(access).toHaveTextContent('Access OFF');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/themes');
    expect(api.named('PUT', '/cuviewTV/edit_group/4/')[0]!.body).toEqual({
      title: 'Evening',
      status: 0,
      positions: [
        { id: 11, position: 1 },
        { id: 12, position: 2 },
      ],
      // Loaded at 3; its own removal and addition answered 4 and 5, so the save goes on from 5.
      revision: 5,
    });
  });
});
