import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, mockFetch } from '@/testing/fetch-mock';
import { renderRoute } from '@/testing/render';
import { AddToDialog } from './AddToDialog';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('Add to playlist', () => {
  it('waits for which playlists hold the video before a tap can add or remove it', async () => {
    localStorage.setItem('access', fakeJwt());
    let answer: (() => void) | undefined;
    const { calls } = mockFetch({
      'GET /cuviewTV/get_user_playlists/': { json: [{ id: 7, title: 'Road trip', group_id: null }] },
      // A slow answer: the video is already in Road trip.
      'GET /cuviewTV/check_playlist/5/': () =>
        new Promise((resolve) => {
          answer = () => resolve({ json: { playlists: [7] } });
        }),
      'DELETE /cuviewTV/delete_playlist_video/5/7/': { status: 204 },
    });
    const user = userEvent.setup();
    renderRoute(<AddToDialog videoIds={[5]} onClose={() => undefined} />);

    const item = await screen.findByRole('button', { name: 'Road trip' });
    expect(item).toBeDisabled();
    await user.click(item);
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);

    answer!();
    await waitFor(() => expect(item).toBeEnabled());
    expect(item).toHaveAttribute('aria-pressed', 'true');
    await user.click(item);
    expect(await screen.findByText('Video has been deleted from playlist')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE /cuviewTV/delete_playlist_video/5/7/',
    ]);
  });
});
