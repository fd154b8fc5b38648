import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Video } from '@/lib/api/types';
import { aVideo } from '@/testing/factories';
import { fakeJwt, mockFetch, type Answer } from '@/testing/fetch-mock';
import { landedAt, renderRoute } from '@/testing/render';
import { MyPlaylistScreen, reorder } from './MyPlaylistScreen';

const v = (id: number, position: number): Video => aVideo({ id, position, title: `Video ${id}`, duration: 60 * id });

describe('reorder rule (move semantics)', () => {
  const list = [v(1, 1), v(2, 2), v(3, 3), v(4, 4)];

  it('moves the dragged video to the target position and shifts the ones between', () => {
    const r = reorder(list, 1, 3)!;
    expect(r.videos.map((x) => x.id)).toEqual([2, 3, 1, 4]);
    expect(r.videos.map((x) => x.position)).toEqual([1, 2, 3, 4]);
    expect({ from: r.from, to: r.to }).toEqual({ from: 1, to: 3 });
    expect(reorder(list, 4, 2)!.videos.map((x) => x.id)).toEqual([1, 4, 2, 3]);
  });

  it('ignores a drop on the same item or outside the list', () => {
    expect(reorder(list, 2, 2)).toBeNull();
    expect(reorder(list, 2, null)).toBeNull();
  });
});

describe('/myPlaylist/{id}/{title}', () => {
  function setup(extra: Record<string, Answer> = {}) {
    localStorage.setItem('access', fakeJwt());
    // A tiny stand-in for the server's state: deleting a video removes it from later answers.
    let videos = [v(2, 2), v(1, 1), v(3, 3)];
    const mocks = mockFetch({
      'POST /cuviewTV/auth/jwt/verify/': { json: {} },
      'GET /cuviewTV/auth/users/me/': { json: { id: 9, first_name: 'Jane' } },
      'GET /cuviewTV/get_custom_playlist/77/': () => ({ json: { id: 77, title: 'Road trip', user_id: 9, videos } }),
      'DELETE /cuviewTV/delete_playlist_video/2/77/': () => {
        videos = videos.filter((x) => x.id !== 2);
        return { status: 204 };
      },
      ...extra,
    });
    const view = renderRoute(<MyPlaylistScreen />, {
      route: '/myPlaylist/77/Road%20trip',
      path: '/myPlaylist/:playlistId/:title',
      extra: [landedAt('/myPlaylists')],
    });
    return { ...mocks, ...view, user: userEvent.setup({ delay: null }) };
  }

  it('lists the videos in position order with a reorder handle each', async () => {
    setup();
    const list = await screen.findByRole('list', { name: 'Videos of Road trip' });
    expect(
      within(list)
        .getAllByRole('button', { name: /^Reorder/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Reorder Video 1', 'Reorder Video 2', 'Reorder Video 3']);
  });

  it('deletes a video after the confirmation and says so', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user, calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Video 2 from playlist' }));
    expect(confirm).toHaveBeenLastCalledWith('Delete the video from playlist?');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Video 2 from playlist' }));
    expect(await screen.findByText('Video has been deleted from playlist')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reorder Video 2' })).not.toBeInTheDocument());
  });

  it('exports the playlist as playlist_{title}.xlsx', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = setup({ 'GET /cuviewTV/download_playlist_info/77/': { blob: new Blob(['xlsx']) } });
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('playlist_Road trip.xlsx');
  });

  it('a failed export alerts "Something went wrong, please try again"', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { user } = setup({ 'GET /cuviewTV/download_playlist_info/77/': { status: 500, json: {} } });
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Something went wrong, please try again'));
  });

  it('deletes the playlist after "Do you really want to delete the playlist?"', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = setup({
      'DELETE /cuviewTV/delete_playlist/77/': { json: { id: 5, title: 'Other', user_id: 9, videos: [] } },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete playlist' }));
    expect(confirm).toHaveBeenCalledWith('Do you really want to delete the playlist?');
    expect(await screen.findByTestId('landed')).toHaveTextContent('/myPlaylists');
    expect(screen.getByText('Playlist has been deleted')).toBeInTheDocument();
  });

  it("sends someone else's playlist to the read-only view", async () => {
    localStorage.setItem('access', fakeJwt());
    mockFetch({
      'POST /cuviewTV/auth/jwt/verify/': { json: {} },
      'GET /cuviewTV/auth/users/me/': { json: { id: 1, first_name: 'Bob' } },
      'GET /cuviewTV/get_custom_playlist/77/': { json: { id: 77, title: 'Road trip', user_id: 9, videos: [] } },
    });
    renderRoute(<MyPlaylistScreen />, { route: '/myPlaylist/77/x', path: '/myPlaylist/:playlistId/:title' });
    expect(await screen.findByTestId('location')).toHaveTextContent('/playlist/77/Road%20trip');
  });
});
