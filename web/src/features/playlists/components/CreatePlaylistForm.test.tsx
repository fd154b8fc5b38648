import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fakeJwt, mockFetch } from '@/testing/fetch-mock';
import { renderRoute } from '@/testing/render';
import { CreatePlaylistForm } from './CreatePlaylistForm';

describe('Create Playlist box', () => {
  it('alerts "Please, Provide Valid Name" for a bad name, clears it, closes and sends nothing', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { calls } = mockFetch({});
    const onDone = vi.fn();
    renderRoute(<CreatePlaylistForm videoIds={[3]} onDone={onDone} />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Name'), 'Rock & Roll!');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(alert).toHaveBeenCalledWith('Please, Provide Valid Name');
    expect(onDone).toHaveBeenCalledOnce();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(calls).toHaveLength(0);
  });

  it('a one-character name is refused too', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    mockFetch({});
    renderRoute(<CreatePlaylistForm videoIds={[]} onDone={() => undefined} />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Name'), 'x');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(alert).toHaveBeenCalledWith('Please, Provide Valid Name');
  });

  it('creates the playlist with the videos: "Please, wait..." then "Playlist has been added"', async () => {
    localStorage.setItem('access', fakeJwt());
    let release: () => void = () => undefined;
    const { calls } = mockFetch({
      'POST /cuviewTV/add_full_playlist/': () =>
        new Promise(
          (resolve) =>
            (release = () => resolve({ status: 201, json: { id: 90, title: 'Road trip', duration: 400, videos: [] } })),
        ),
    });
    const onDone = vi.fn();
    const onCreated = vi.fn();
    renderRoute(<CreatePlaylistForm videoIds={[3, 4]} onDone={onDone} onCreated={onCreated} />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Name'), 'Road trip');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(onDone).toHaveBeenCalledOnce();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(await screen.findByText('Please, wait...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Playlist has been added')).toBeInTheDocument();
    expect(screen.queryByText('Please, wait...')).not.toBeInTheDocument();
    expect(calls[0]!.body).toEqual({ title: 'Road trip', video_list: [3, 4] });
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 90 })));
  });

  it('still reports the outcome when the box is closed (unmounted) right after submitting', async () => {
    localStorage.setItem('access', fakeJwt());
    mockFetch({
      'POST /cuviewTV/add_full_playlist/': {
        status: 201,
        json: { id: 91, title: 'Night mix', duration: 0, videos: [] },
      },
    });
    const onCreated = vi.fn();
    function Harness() {
      const [open, setOpen] = useState(true);
      return open ? (
        <CreatePlaylistForm videoIds={[3]} onDone={() => setOpen(false)} onCreated={onCreated} />
      ) : (
        <p>closed</p>
      );
    }
    renderRoute(<Harness />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Name'), 'Night mix');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByText('closed')).toBeInTheDocument();
    expect(await screen.findByText('Playlist has been added')).toBeInTheDocument();
    expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 91 }));
  });

  it("shows the api's refusal (an account at its playlist limit) instead of a success", async () => {
    localStorage.setItem('access', fakeJwt());
    const refusal = 'You already have 200 playlists, the most one account may keep. Delete one to add another.';
    mockFetch({ 'POST /cuviewTV/add_full_playlist/': { status: 409, json: { message: refusal } } });
    const onCreated = vi.fn();
    renderRoute(<CreatePlaylistForm videoIds={[3]} onDone={() => undefined} onCreated={onCreated} />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Name'), 'One Too Many');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.queryByText('Playlist has been added')).not.toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
  });
});
