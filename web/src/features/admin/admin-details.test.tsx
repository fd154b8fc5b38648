import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { landedAt } from '@/testing/render';
import { EditCategoryScreen } from './categories/EditCategoryScreen';
import { MSG } from './messages';
import { apiMock, renderScreen } from './test-utils';
import { EditThemeScreen } from './themes/EditThemeScreen';
import { TrackWizard } from './videos/TrackWizard';

// Issue 12, item 10: album covers in the track wizard, add-to-group per playlist in the theme
// editor, and the category editor's switch wording (spec admin §2).

describe('track wizard', { timeout: 60_000 }, () => {
  it('shows each album cover when choosing the album (step 2) and the chosen one beside its tracks (step 3)', async () => {
    apiMock({
      'GET /cuviewTV/get_albums_for_admin_filter/:q/:page/': {
        json: {
          albums: [
            { id: 5, title: 'Night Works', catalogue_num: 'CU-0042', genre: null, number_of_tracks: 1, duration: 100 },
            { id: 6, title: 'Day Works', catalogue_num: 'CU-0043', genre: null, number_of_tracks: 1, duration: 90 },
          ],
          albumsLength: 2,
        },
      },
      'GET /cuviewTV/get_tracks_for_admin_filter/5/1/': {
        json: {
          tracks: [{ id: 51, position: 1, title: 'Opening', genre: '', composers: '', artists: '', duration: 100 }],
          tracksLength: 1,
        },
      },
    });
    renderScreen(
      <TrackWizard
        previous={undefined}
        videoDuration={null}
        videoSource={null}
        waveformSource={null}
        onSave={() => undefined}
        onClose={() => undefined}
      />,
      '/addVideo',
      '/addVideo',
    );
    const user = userEvent.setup({ delay: null });
    const dialog = screen.getByRole('dialog', { name: 'Add Track' });
    await user.type(within(dialog).getByLabelText('Album title or catalogue number'), 'works');
    await user.click(within(dialog).getByRole('button', { name: 'Find album' }));
    const night = await within(dialog).findByRole('img', { name: 'Cover of Night Works' });
    expect(night).toHaveAttribute('src', '/cuviewTV/image/album/5/300/');
    expect(within(dialog).getByRole('img', { name: 'Cover of Day Works' })).toHaveAttribute(
      'src',
      '/cuviewTV/image/album/6/300/',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Choose album Night Works' }));
    await within(dialog).findByRole('button', { name: 'Choose track Opening' });
    expect(within(dialog).getByRole('img', { name: 'Cover of Night Works' })).toHaveAttribute(
      'src',
      '/cuviewTV/image/album/5/300/',
    );
  });
});

describe('theme editor', { timeout: 60_000 }, () => {
  it('adds one of its playlists to another group from the playlist row', async () => {
    const api = apiMock({
      'GET /cuviewTV/get_group_info/4/': {
        json: {
          id: 4,
          title: 'Evening',
          status: 1,
          position: 1,
          number_of_playlists: 1,
          playlists: [
            {
              id: 10,
              title: 'Playlist 10',
              status: 1,
              position: 1,
              duration: 600,
              number_of_videos: 4,
              video_id: 1,
              updated: '',
              has_thumbnail: false,
            },
          ],
        },
      },
      'GET /cuviewTV/get_groups_for_admin/': {
        json: [
          { id: 4, title: 'Evening', status: 1, position: 1, number_of_playlists: 1 },
          { id: 5, title: 'Concerts', status: 1, position: 2, number_of_playlists: 0 },
        ],
      },
      'GET /cuviewTV/add_playlist_to_group/5/10/': {
        json: { message: 'ok', group_id: 5, playlist_id: 10, position: 1 },
      },
    });
    renderScreen(<EditThemeScreen />, '/editTheme/4', '/editTheme/:groupId', [landedAt('/themes')]);
    const user = userEvent.setup({ delay: null });
    // Each playlist row has edit, add-to-group and delete-from-group.
    expect(await screen.findByRole('link', { name: 'Edit Playlist 10' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Playlist 10 from group' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Playlist 10 to a group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Playlist 10 to a group' });
    const themes = await within(dialog).findByRole('list', { name: 'Themes' });
    // The theme being edited already holds it.
    expect(within(themes).queryByText('Evening')).not.toBeInTheDocument();
    await user.click(within(themes).getByText('Concerts'));
    expect(await screen.findByText(MSG.playlistAddedToGroup)).toBeInTheDocument();
    expect(api.named('GET', '/cuviewTV/add_playlist_to_group/5/10/')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // It stays in this theme too.
    expect(screen.getByRole('link', { name: 'Edit Playlist 10' })).toBeInTheDocument();
  });
});

describe('category editor', { timeout: 60_000 }, () => {
  it('labels its switch "Access ON" / "Access OFF"', async () => {
    apiMock({
      'GET /cuviewTV/get_category/3/': { json: { id: 3, title: 'Relax', status: 1, has_icon: false, tags: [] } },
      'GET /cuviewTV/get_category_tags/3/': { json: [] },
      'GET /cuviewTV/get_tags_for_admin_filter/:q/:page/': { json: [] },
    });
    renderScreen(<EditCategoryScreen />, '/editCategory/3', '/editCategory/:categoryId', [landedAt('/categories')]);
    const user = userEvent.setup({ delay: null });
    const access = await screen.findByRole('switch', { name: 'Access' });
    expect(access).toHaveTextContent(/^Access ON$/);
    await user.click(access);
    expect(access).toHaveTextContent(/^Access OFF$/);
  });
});
