import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Video } from '@/lib/api/types';
import { aVideo } from '@/testing/factories';
import { fakeJwt, mockFetch } from '@/testing/fetch-mock';
import { landedAt, renderRoute } from '@/testing/render';
import { FilterResultsScreen } from './FilterResultsScreen';

const videos = (from: number, count: number, prefix = 'Video'): Video[] =>
  Array.from({ length: count }, (_, i) => aVideo({ id: from + i, title: `${prefix} ${from + i}`, duration: 200 }));

function signedIn() {
  localStorage.setItem('access', fakeJwt());
  return {
    'POST /cuviewTV/auth/jwt/verify/': { json: {} },
    'GET /cuviewTV/auth/users/me/': { json: { id: 9, first_name: 'Jane', last_name: 'Doe' } },
  };
}

const cards = () => screen.queryAllByRole('link', { name: /^Play / });

/** jsdom has no layout: give the page a height and scroll the window to its bottom. */
function pageHeight(px: number) {
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: px });
}
function scrollToBottom() {
  act(() => {
    window.scrollY = document.documentElement.scrollHeight - window.innerHeight;
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('/filter_results/{filterList}', () => {
  afterEach(() => {
    pageHeight(0);
    window.scrollY = 0;
  });

  it('loads the next page at once when the first one does not fill the window', async () => {
    mockFetch({
      'POST /cuviewTV/get_filter_results/1/': { json: { videos: videos(1, 20), videoLength: 25 } },
      'POST /cuviewTV/get_filter_results/2/': { json: { videos: videos(21, 5), videoLength: 25 } },
      'POST /cuviewTV/get_videos_length_for_filter/': { json: { videoLength: 25 } },
    });
    renderRoute(<FilterResultsScreen />, { route: '/filter_results/12!4', path: '/filter_results/:filterList' });
    await waitFor(() => expect(cards()).toHaveLength(25));
  });

  it('loads page 1, appends later pages at the bottom and replaces the list for a new filter', async () => {
    const { calls } = mockFetch({
      'POST /cuviewTV/get_filter_results/1/': ({ body }) => {
        const genre = (body as { data: Array<{ id: number }> }).data[0]!.id;
        return genre === 12
          ? { json: { videos: videos(1, 20), videoLength: 25 } }
          : { json: { videos: videos(100, 3, 'Mood'), videoLength: 3 } };
      },
      'POST /cuviewTV/get_filter_results/2/': { json: { videos: videos(21, 5), videoLength: 25 } },
      'POST /cuviewTV/get_videos_length_for_filter/': { json: { videoLength: 25 } },
      'POST /cuviewTV/get_genres_for_filter/': { json: [{ id: 12, title: 'Jazz' }] },
      'POST /cuviewTV/get_moods_for_filter/': { json: [{ id: 7, title: 'Calm' }] },
    });
    const { router } = renderRoute(<FilterResultsScreen />, {
      route: '/filter_results/12!4',
      path: '/filter_results/:filterList',
    });

    // Titled by what it shows: the genre of the address.
    expect(await screen.findByRole('heading', { name: 'Jazz' })).toBeInTheDocument();
    expect(screen.getByText('Genre')).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(20));
    expect(calls.find((c) => c.path === '/cuviewTV/get_filter_results/1/')!.body).toEqual({
      data: [{ id: 12, kind: 4 }],
    });

    scrollToBottom();
    await waitFor(() => expect(cards()).toHaveLength(25));
    expect(screen.getByRole('link', { name: 'Play Video 1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Play Video 25' })).toBeInTheDocument();

    // Everything loaded: no further page is asked for.
    scrollToBottom();
    expect(calls.filter((c) => c.path.startsWith('/cuviewTV/get_filter_results/')).length).toBe(2);

    await act(() => router.navigate('/filter_results/7!5'));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(await screen.findByRole('heading', { name: 'Calm' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Play Video 1' })).not.toBeInTheDocument();
  });

  it('names the video genre (and each entry of a list) it shows, looked up in the narrowed facet lists', async () => {
    const { calls } = mockFetch({
      'POST /cuviewTV/get_filter_results/1/': { json: { videos: videos(1, 2), videoLength: 2 } },
      'POST /cuviewTV/get_videos_length_for_filter/': { json: { videoLength: 2 } },
      // The wanted value is on the second page of the video genres.
      'POST /cuviewTV/get_videogenres_for_filter/%20/1/': {
        json: Array.from({ length: 20 }, (_, i) => ({ id: 100 + i, title: `Other ${i}` })),
      },
      'POST /cuviewTV/get_videogenres_for_filter/%20/2/': { json: [{ id: 5, title: 'Concert film' }] },
      'POST /cuviewTV/get_activities/%20/1/': { json: [{ id: 3, title: 'Running' }] },
    });
    renderRoute(<FilterResultsScreen />, { route: '/filter_results/5!8|3!6', path: '/filter_results/:filterList' });
    expect(await screen.findByRole('heading', { name: 'Concert film · Running' })).toBeInTheDocument();
    expect(screen.getByText('Video genre · Activity')).toBeInTheDocument();
    const asked = calls.find((c) => c.path === '/cuviewTV/get_videogenres_for_filter/%20/2/')!;
    expect(asked.body).toEqual({
      data: [
        { id: 5, kind: 8 },
        { id: 3, kind: 6 },
      ],
    });
  });

  it('shows the count, and "1,000+" when the api stopped counting there', async () => {
    mockFetch({
      'POST /cuviewTV/get_filter_results/1/': {
        json: { videos: videos(1, 20), videoLength: 1000, videoLengthEstimated: true },
      },
      'POST /cuviewTV/get_videos_length_for_filter/': { json: { videoLength: 1000, videoLengthEstimated: true } },
    });
    renderRoute(<FilterResultsScreen />, { route: '/filter_results/12!4', path: '/filter_results/:filterList' });
    expect(await screen.findByText('1,000+ videos')).toBeInTheDocument();
  });

  it('shows Loading... then No Results for an empty answer', async () => {
    mockFetch({
      'POST /cuviewTV/get_filter_results/1/': { json: { videos: [], videoLength: 0 } },
      'POST /cuviewTV/get_videos_length_for_filter/': { json: { videoLength: 0 } },
    });
    renderRoute(<FilterResultsScreen />, { route: '/filter_results/3!6', path: '/filter_results/:filterList' });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('No Results')).toBeInTheDocument();
  });

  it('asks nothing for an empty filter list', async () => {
    const { calls } = mockFetch({});
    renderRoute(<FilterResultsScreen />, { route: '/filter_results/nonsense', path: '/filter_results/:filterList' });
    expect(await screen.findByText('No Results')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.includes('filter'))).toHaveLength(0);
  });
});

describe('selection mode', () => {
  function setup() {
    const mocks = mockFetch({
      ...signedIn(),
      'POST /cuviewTV/get_filter_results/1/': ({ body }) =>
        (body as { data: Array<{ id: number }> }).data[0]!.id === 12
          ? { json: { videos: videos(1, 4), videoLength: 4 } }
          : { json: { videos: videos(50, 2), videoLength: 2 } },
      'POST /cuviewTV/get_videos_length_for_filter/': { json: { videoLength: 4 } },
      'GET /cuviewTV/get_user_playlists/': { json: [{ id: 77, title: 'Road trip', duration: 600, group_id: null }] },
      'POST /cuviewTV/add_playlist_video/77/': { json: { id: 77 } },
    });
    const view = renderRoute(<FilterResultsScreen />, {
      route: '/filter_results/12!4',
      path: '/filter_results/:filterList',
      extra: [landedAt('/home')],
    });
    return { ...mocks, ...view, user: userEvent.setup({ delay: null }) };
  }

  const checkboxes = () => screen.queryAllByRole('checkbox');

  it('Select shows checkboxes; Add to without a choice alerts; Exit leaves and clears', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Select' }));
    expect(checkboxes()).toHaveLength(4);

    const addTo = screen.getByRole('button', { name: 'Add to' });
    expect(addTo).toHaveAttribute('aria-disabled', 'true');
    await user.click(addTo);
    expect(alert).toHaveBeenCalledWith('please, choose a video');

    await user.click(screen.getByRole('checkbox', { name: 'Select Video 2' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to' })).toHaveAttribute('aria-disabled', 'false');

    await user.click(screen.getByRole('button', { name: 'Exit' }));
    expect(checkboxes()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Select' }));
    expect(screen.getByText('0 selected')).toBeInTheDocument();
  });

  it('All selects every result and turns the mode on; a second All clears', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'All' }));
    expect(checkboxes()).toHaveLength(4);
    expect(checkboxes().every((c) => (c as HTMLInputElement).checked)).toBe(true);
    expect(screen.getByText('4 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(checkboxes().some((c) => (c as HTMLInputElement).checked)).toBe(false);
  });

  it('a new filter clears the selection', async () => {
    const { user, router } = setup();
    await user.click(await screen.findByRole('button', { name: 'All' }));
    expect(screen.getByText('4 selected')).toBeInTheDocument();
    await act(() => router.navigate('/filter_results/5!5'));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.getByText('0 selected')).toBeInTheDocument();
  });

  it('Add to puts the chosen videos in a playlist, stores it and opens the player', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Select' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Video 3' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Video 1' }));
    await user.click(screen.getByRole('button', { name: 'Add to' }));

    const dialog = await screen.findByRole('dialog', { name: 'Add to playlist' });
    await user.click(await within(dialog).findByRole('button', { name: 'Road trip' }));

    expect(await screen.findByTestId('landed')).toHaveTextContent('/home');
    expect(calls.find((c) => c.path === '/cuviewTV/add_playlist_video/77/')!.body).toEqual({ video_list: [3, 1] });
    expect(screen.getByText('Video has been added to playlist')).toBeInTheDocument();
    expect(localStorage.getItem('playlist_id')).toBe('77');
    expect(localStorage.getItem('video_id')).toBe('3');
  });

  it('is not offered to visitors', async () => {
    mockFetch({
      'POST /cuviewTV/get_filter_results/1/': { json: { videos: videos(1, 2), videoLength: 2 } },
      'POST /cuviewTV/get_videos_length_for_filter/': { json: { videoLength: 2 } },
    });
    renderRoute(<FilterResultsScreen />, { route: '/filter_results/12!4', path: '/filter_results/:filterList' });
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Select' })).not.toBeInTheDocument();
  });
});
