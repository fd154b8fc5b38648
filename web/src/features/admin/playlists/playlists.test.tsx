import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { landedAt } from '@/testing/render';
import { MSG } from '../messages';
import { apiMock, fakeFile, renderInAdmin, renderScreen } from '../test-utils';
import { UNSAVED_CHANGES_MESSAGE } from '../unsaved-changes';
import { AddPlaylistScreen } from './AddPlaylistScreen';
import { EditPlaylistScreen } from './EditPlaylistScreen';
import { PlaylistListScreen } from './PlaylistListScreen';

const summary = (id: number, title: string) => ({
  id,
  title,
  status: 1,
  updated: '2026-03-04T10:00:00Z',
  duration: 3725,
  number_of_videos: 3,
  video_id: 1,
  has_thumbnail: true,
  // The signed staff address from the admin answer (it works while the playlist is off too).
  image: `/cuviewTV/image/s/1900000000/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/playlist/${id}/`,
});
const video = (id: number, position: number) => ({
  id,
  title: `Video ${id}`,
  status: 1,
  duration: 100,
  genres: [],
  moods: [],
  videogenres: [],
  tags: [],
  artists: '',
  composers: '',
  has_thumbnail: true,
  processing_state: 'ready',
  processing_progress: 100,
  processing_error: null,
  position,
  banner_titles: [] as string[],
});

describe('/addPlaylist', { timeout: 60_000 }, () => {
  const renderAdd = () =>
    renderScreen(<AddPlaylistScreen />, '/addPlaylist', '/addPlaylist', [landedAt('/editPlaylist/:id')]);

  it('requires a title, then asks "Upload without Thumbnail?" and sends nothing when declined', async () => {
    const api = apiMock({
      'POST /cuviewTV/add_playlist_for_admin/': {
        status: 201,
        json: { ...summary(12, 'Late'), videos: [], groups: [] },
      },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderAdd();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.provideTitle);
    expect(confirm).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Title'), 'Late');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(confirm).toHaveBeenCalledWith(MSG.uploadWithoutThumbnail);
    expect(api.named('POST', '/cuviewTV/add_playlist_for_admin/')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/editPlaylist/:id');
    expect(screen.getByText(MSG.playlistAdded)).toBeInTheDocument();
    const form = api.named('POST', '/cuviewTV/add_playlist_for_admin/')[0]!.form!;
    expect([form.get('title'), form.get('status'), form.get('image')]).toEqual(['Late', '0', null]);
  });

  it('does not ask when a thumbnail is chosen, and sends it with the access on', async () => {
    const api = apiMock({
      'POST /cuviewTV/add_playlist_for_admin/': {
        status: 201,
        json: { ...summary(12, 'Late'), videos: [], groups: [] },
      },
    });
    const confirm = vi.spyOn(window, 'confirm');
    renderAdd();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Title'), 'Late');
    await user.click(screen.getByRole('switch', { name: 'Access' }));
    expect(screen.getByRole('switch', { name: 'Access' })).toHaveTextContent('Access On');
    await user.upload(screen.getByLabelText('Thumbnail'), fakeFile('cover.jpg', 'image/jpeg'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByTestId('landed');
    expect(confirm).not.toHaveBeenCalled();
    const form = api.named('POST', '/cuviewTV/add_playlist_for_admin/')[0]!.form!;
    expect([form.get('status'), (form.get('image') as File).name]).toEqual(['1', 'cover.jpg']);
  });
  it('sends one playlist for a double click on Save', async () => {
    const api = apiMock({
      'POST /cuviewTV/add_playlist_for_admin/': {
        status: 201,
        json: { ...summary(12, 'Late'), videos: [], groups: [] },
      },
    });
    renderAdd();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Title'), 'Late');
    await user.upload(screen.getByLabelText('Thumbnail'), fakeFile('cover.jpg', 'image/jpeg'));
    await user.dblClick(screen.getByRole('button', { name: 'Save' }));
    await screen.findByTestId('landed');
    expect(api.named('POST', '/cuviewTV/add_playlist_for_admin/')).toHaveLength(1);
  });
});

describe('/adminPlaylists', { timeout: 60_000 }, () => {
  it('lists cover, title, duration and updated; copies the public link; deletes; adds to a group', async () => {
    const api = apiMock({
      'GET /cuviewTV/admin/playlists/': {
        json: { playlists: [summary(10, 'Morning Jazz')], playlistLength: 1 },
      },
      'DELETE /cuviewTV/delete_playlist_for_admin/10/': { json: { message: 'Playlist Has Been Deleted' } },
      'GET /cuviewTV/get_groups_for_admin/': {
        json: [{ id: 4, title: 'Evening', status: 1, position: 1, number_of_playlists: 2 }],
      },
      'GET /cuviewTV/add_playlist_to_group/4/10/': {
        json: { message: 'ok', group_id: 4, playlist_id: 10, position: 3 },
      },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderScreen(<PlaylistListScreen />, '/adminPlaylists', '/adminPlaylists');
    const user = userEvent.setup({ delay: null });
    const row = (await screen.findAllByRole('row'))[1]!;
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells[2]).toContain('Morning Jazz');
    expect(cells[3]).toBe('1:02:05');
    expect(cells[4]).toMatch(/2026/);
    expect(row.querySelector('img')).toHaveAttribute(
      'src',
      '/cuviewTV/image/s/1900000000/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/playlist/10/300/',
    );
    expect(screen.getByRole('link', { name: 'Create New Playlist' })).toHaveAttribute('href', '/addPlaylist');

    await user.click(screen.getByRole('button', { name: 'Copy public link of Morning Jazz' }));
    // user-event stands in for the system clipboard.
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/playlist/10/Morning%20Jazz`);
    expect(await screen.findByText(MSG.copied)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Morning Jazz to a group' }));
    await user.click(await within(screen.getByRole('dialog')).findByRole('button', { name: /Evening/ }));
    expect(await screen.findByText(MSG.playlistAddedToGroup)).toBeInTheDocument();
    expect(api.named('GET', '/cuviewTV/add_playlist_to_group/4/10/')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Delete Morning Jazz' }));
    expect(await screen.findByText(MSG.playlistDeleted)).toBeInTheDocument();
  });

  it('searches with suggestions, sorts by a heading, filters, and says when nothing matches', async () => {
    const api = apiMock({
      'GET /cuviewTV/admin/playlists/': ({ query }) => ({
        json:
          !query.get('q') || query.get('q') === 'Morning Jazz'
            ? { playlists: [summary(10, 'Morning Jazz')], playlistLength: 1 }
            : { playlists: [], playlistLength: 0 },
      }),
      'POST /cuviewTV/playlist_search_suggestions/:q/': { json: [{ id: 10, title: 'Morning Jazz' }] },
    });
    const { router } = renderScreen(<PlaylistListScreen />, '/adminPlaylists', '/adminPlaylists');
    const user = userEvent.setup({ delay: null });
    const last = () => api.named('GET', '/cuviewTV/admin/playlists/').at(-1)!.query;
    await screen.findAllByRole('row');
    expect(last().get('sort')).toBe('updated');
    await user.click(screen.getByRole('button', { name: 'Duration' }));
    await waitFor(() => expect(last().get('sort')).toBe('duration'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Access' }), 'off');
    await waitFor(() => expect(last().get('access')).toBe('off'));
    expect(router.state.location.search).toBe('?sort=duration&access=off');
    await user.type(screen.getByRole('combobox', { name: 'Search playlists' }), 'Morn');
    await user.click(await screen.findByRole('option', { name: 'Morning Jazz' }));
    await waitFor(() => expect(last().get('q')).toBe('Morning Jazz'));
    // Suggestions wait for the typing to pause: one request for the whole word.
    expect(api.named('POST', '/cuviewTV/playlist_search_suggestions/:q/').map((c) => c.params.q)).toEqual(['Morn']);

    const box = screen.getByRole('combobox', { name: 'Search playlists' });
    await user.clear(box);
    await user.type(box, 'zzz{Enter}');
    expect(await screen.findByText(MSG.noSearchResult)).toBeInTheDocument();
  });

  it('acts in bulk on chosen rows or on everything the filter matches, naming what it left', async () => {
    const api = apiMock({
      'GET /cuviewTV/admin/playlists/': {
        json: { playlists: [summary(10, 'Morning Jazz'), summary(11, 'Night Rock')], playlistLength: 24 },
      },
      'GET /cuviewTV/get_groups_for_admin/': {
        json: [{ id: 4, title: 'Evening', status: 1, position: 1, number_of_playlists: 2 }],
      },
      'POST /cuviewTV/admin/playlists/bulk/': ({ body }) => ({
        json:
          (body as { action: string }).action === 'add_to_theme'
            ? {
                action: 'add_to_theme',
                matched: 2,
                changed: 1,
                skipped: [{ id: 11, reason: 'already in the theme' }],
                message: '1 playlist changed, 1 left as they were',
              }
            : { action: 'delete', matched: 24, changed: 24, skipped: [], message: '24 playlists changed' },
      }),
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    renderScreen(<PlaylistListScreen />, '/adminPlaylists?access=off', '/adminPlaylists');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Morning Jazz' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Night Rock' }));
    const bar = screen.getByRole('toolbar', { name: 'Bulk actions' });
    expect(bar).toHaveTextContent('2 selected');
    await user.click(within(bar).getByRole('button', { name: 'Add to theme' }));
    const dialog = screen.getByRole('dialog', { name: 'Add 2 playlists to a theme' });
    await user.click(await within(dialog).findByRole('button', { name: /Evening/ }));
    expect(
      await screen.findByText(
        '1 playlist changed, 1 left as they were. Left as they were: “Night Rock” already in the theme',
      ),
    ).toBeInTheDocument();
    expect(api.named('POST', '/cuviewTV/admin/playlists/bulk/')[0]!.body).toEqual({
      action: 'add_to_theme',
      ids: [10, 11],
      group_id: 4,
    });

    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Select all 24 playlists matching' }));
    expect(screen.getByRole('toolbar', { name: 'Bulk actions' })).toHaveTextContent('All 24 playlists matching');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenLastCalledWith('Delete 24 playlists? This cannot be undone.');
    expect(api.named('POST', '/cuviewTV/admin/playlists/bulk/')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('24 playlists changed')).toBeInTheDocument();
    expect(api.named('POST', '/cuviewTV/admin/playlists/bulk/')[1]!.body).toEqual({
      action: 'delete',
      filter: { access: 'off' },
    });
  });

  it('says when the list cannot load', async () => {
    apiMock({ 'GET /cuviewTV/admin/playlists/': { status: 500, json: {} } });
    renderScreen(<PlaylistListScreen />, '/adminPlaylists', '/adminPlaylists');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.someError);
  });
});

describe('/editPlaylist/{id}', { timeout: 60_000 }, () => {
  const INFO = {
    ...summary(10, 'Morning Jazz'),
    videos: [video(1, 1), { ...video(2, 2), banner_titles: ['Tonight'] }, { ...video(3, 3), status: 0 }],
    groups: [4],
    revision: 6,
  };
  const STALE =
    'Someone else saved this playlist after you opened it. Reload to see their changes, then make yours again.';

  it('saves title, access and the video order; deletes a video after the question', async () => {
    const api = apiMock({
      'GET /cuviewTV/get_playlist_info/10/': { json: INFO },
      'GET /cuviewTV/get_video_info/:id/': ({ params }) => ({
        json: {
          id: Number(params.id),
          title: `Video ${params.id}`,
          scripted_bunny_path: '',
          processing_state: 'processing',
        },
      }),
      'DELETE /cuviewTV/delete_playlist_video_for_admin/2/10/': { json: { message: 'ok', revision: 7 } },
      'PUT /cuviewTV/edit_playlist_for_admin/10/': { json: INFO },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderScreen(<EditPlaylistScreen />, '/editPlaylist/10', '/editPlaylist/:playlistId', [
      landedAt('/adminPlaylists'),
    ]);
    const user = userEvent.setup({ delay: null });
    const list = await screen.findByRole('list', { name: 'Videos of Morning Jazz' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    // The hidden video says so: viewers see the other two.
    expect(within(list).getAllByText('OFF')).toHaveLength(1);
    expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent('OFF');
    expect(await screen.findByText(/no stream yet/)).toBeInTheDocument();

    // Video 2 shows a main-page banner from this playlist: the row says so, and so does the question.
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('BANNER');
    expect(within(list).getAllByText('BANNER')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Delete Video 2 from playlist' }));
    expect(confirm).toHaveBeenCalledWith(
      `${MSG.deletePlaylistVideoConfirm}\nIts main-page banner "Tonight" will be deleted too.`,
    );
    expect(await screen.findByText(MSG.videoDeletedFromPlaylist)).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    const title = screen.getByLabelText('Title');
    await user.clear(title);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.provideTitle);
    await user.type(title, 'Morning Jazz II');
    await user.click(screen.getByRole('switch', { name: 'Access' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/adminPlaylists');
    expect(screen.getByText(MSG.playlistEdited)).toBeInTheDocument();
    expect(api.named('PUT', '/cuviewTV/edit_playlist_for_admin/10/')[0]!.body).toEqual({
      title: 'Morning Jazz II',
      status: 0,
      positions: [
        { id: 1, position: 1 },
        { id: 3, position: 2 },
      ],
      // Loaded at 6; its own removal answered 7, so the save goes on from there.
      revision: 7,
    });
  });

  it('says when someone else saved first, keeps what was typed and claims no success', async () => {
    const api = apiMock({
      'GET /cuviewTV/get_playlist_info/10/': { json: INFO },
      'GET /cuviewTV/get_video_info/:id/': {
        json: { id: 1, title: 'Video 1', scripted_bunny_path: '', processing_state: 'queued' },
      },
      // Someone else saved between the load and this removal: the answer skips a revision.
      'DELETE /cuviewTV/delete_playlist_video_for_admin/2/10/': { json: { message: 'ok', revision: 9 } },
      'PUT /cuviewTV/edit_playlist_for_admin/10/': { status: 409, json: { message: STALE } },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderScreen(<EditPlaylistScreen />, '/editPlaylist/10', '/editPlaylist/:playlistId', [
      landedAt('/adminPlaylists'),
    ]);
    const user = userEvent.setup({ delay: null });
    const list = await screen.findByRole('list', { name: 'Videos of Morning Jazz' });
    await user.click(screen.getByRole('button', { name: 'Delete Video 2 from playlist' }));
    expect(await screen.findByText(MSG.videoDeletedFromPlaylist)).toBeInTheDocument();
    const title = screen.getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Morning Jazz at Dawn');
    await user.click(screen.getByRole('switch', { name: 'Access' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(STALE);
    expect(api.named('PUT', '/cuviewTV/edit_playlist_for_admin/10/')[0]!.body).toMatchObject({ revision: 6 });
    expect(screen.getByLabelText('Title')).toHaveValue('Morning Jazz at Dawn');
    expect(screen.getByRole('switch', { name: 'Access' })).not.toBeChecked();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByTestId('landed')).not.toBeInTheDocument();
    expect(screen.queryByText(MSG.playlistEdited)).not.toBeInTheDocument();
  });

  it('says when the playlist cannot load', async () => {
    apiMock({ 'GET /cuviewTV/get_playlist_info/10/': { status: 404, json: { message: 'Playlist not found' } } });
    renderScreen(<EditPlaylistScreen />, '/editPlaylist/10', '/editPlaylist/:playlistId');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.someError);
  });

  it('asks "You may loose the changes you made" when leaving an edited title', async () => {
    apiMock({
      'GET /cuviewTV/get_playlist_info/10/': { json: INFO },
      'GET /cuviewTV/get_video_info/:id/': {
        json: { id: 1, title: 'Video 1', scripted_bunny_path: '', processing_state: 'queued' },
      },
      'GET /cuviewTV/admin/playlists/': { json: { playlists: [], playlistLength: 0 } },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderInAdmin('/editPlaylist/10', [
      { path: '/editPlaylist/:playlistId', element: <EditPlaylistScreen /> },
      { path: '/adminPlaylists', element: <PlaylistListScreen /> },
    ]);
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Title'), '!');
    await user.click(screen.getByRole('link', { name: 'Back to playlists' }));
    expect(confirm).toHaveBeenCalledWith(UNSAVED_CHANGES_MESSAGE);
    expect(screen.getByRole('heading', { name: 'EDIT PLAYLIST' })).toBeInTheDocument();
  });
});
