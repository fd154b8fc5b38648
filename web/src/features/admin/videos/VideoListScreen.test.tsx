import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '../messages';
import { apiMock, renderScreen } from '../test-utils';
import type { VideoSummary } from '../types';
import { VideoListScreen } from './VideoListScreen';

const tagTitles = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, title: `tag-number-${i + 1}` }));
const video = (id: number, extra: Partial<VideoSummary> = {}): VideoSummary => ({
  id,
  title: `Video ${id}`,
  status: 1,
  duration: 245,
  genres: [{ id: 1, title: 'Jazz' }],
  moods: [{ id: 3, title: 'Calm' }],
  videogenres: [],
  tags: [{ id: 1, title: 'piano' }],
  artists: '',
  composers: '',
  has_thumbnail: true,
  image: null,
  processing_state: 'ready',
  processing_progress: 100,
  processing_error: null,
  ...extra,
});
const page = (ids: number[], total: number, extra: Record<number, Partial<VideoSummary>> = {}) => ({
  json: { videos: ids.map((id) => video(id, extra[id])), videoLength: total },
});

const renderList = (route = '/adminVideos') => renderScreen(<VideoListScreen />, route, '/adminVideos');

describe('/adminVideos', { timeout: 60_000 }, () => {
  it('shows the columns, cuts tags at 135 characters with show more / less, and the processing state', async () => {
    apiMock({
      'GET /cuviewTV/admin/videos/': page([1, 2, 3], 3, {
        1: { tags: tagTitles },
        2: { processing_state: 'processing', processing_progress: 42 },
        3: { processing_state: 'failed', processing_error: 'ffmpeg exited with code 1' },
      }),
      'POST /cuviewTV/retry_video_processing/3/': { json: { id: 3, processing_state: 'queued' } },
    });
    renderList();
    const user = userEvent.setup({ delay: null });
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['', 'Cover', 'Title', 'Genres', 'Moods', 'Duration', 'Tags', 'Processing', 'Actions']);
    const [first, second, third] = within(table).getAllByRole('row').slice(1);
    const cells = [...first!.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells.slice(2, 6)).toEqual(['Video 1', 'Jazz', 'Calm', '0:04:05']);
    const full = tagTitles.map((t) => t.title).join(', ');
    expect(cells[6]).toBe(`${full.slice(0, 135)}... show more`);
    await user.click(within(first!).getByRole('button', { name: 'show more' }));
    expect(first!.querySelectorAll('td')[6]!.textContent).toBe(`${full} show less`);
    await user.click(within(first!).getByRole('button', { name: 'show less' }));
    expect(first!.querySelectorAll('td')[6]!.textContent).toContain('...');

    expect(within(second!).getByRole('progressbar', { name: 'Processing' })).toHaveAttribute('aria-valuenow', '42');
    expect(third).toHaveTextContent('ffmpeg exited with code 1');
    await user.click(within(third!).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(MSG.processingQueued)).toBeInTheDocument();
  });

  it('pages by 10 with 3 pages around the current one and 1 margin page', async () => {
    const api = apiMock({
      'GET /cuviewTV/admin/videos/': ({ query }) =>
        page([Number(query.get('page')) * 100 + 1, Number(query.get('page')) * 100 + 2], 95),
    });
    renderList('/adminVideos?page=5');
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(
      within(pages)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Previous', '1', '4', '5', '6', '10', 'Next']);
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 6' }));
    expect(await screen.findByText('Video 601')).toBeInTheDocument();
    expect(api.named('GET', '/cuviewTV/admin/videos/').map((c) => c.query.get('page'))).toEqual(['5', '6']);
  });

  it('selects rows or the whole page and adds them to a playlist', async () => {
    const api = apiMock({
      'GET /cuviewTV/admin/videos/': page([1, 2, 3], 3),
      'GET /cuviewTV/get_playlists_for_admin/1/': {
        json: {
          playlists: [
            {
              id: 10,
              title: 'Morning Jazz',
              status: 1,
              updated: '',
              duration: 0,
              number_of_videos: 0,
              video_id: null,
              has_thumbnail: false,
            },
          ],
          playlistLength: 1,
        },
      },
      'POST /cuviewTV/admin/videos/bulk/': {
        json: { action: 'add_to_playlist', matched: 3, changed: 3, skipped: [], message: '3 videos changed' },
      },
    });
    renderList();
    const user = userEvent.setup({ delay: null });
    const addSelected = screen.getByRole('button', { name: /Add Selected/ });
    expect(addSelected).toBeDisabled();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Video 2' }));
    expect(addSelected).toHaveTextContent('Add Selected (1)');
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(addSelected).toHaveTextContent('Add Selected (3)');
    await user.click(addSelected);
    await user.click(await within(screen.getByRole('dialog')).findByRole('button', { name: /Morning Jazz/ }));
    expect(await screen.findByText(MSG.videoAdded)).toBeInTheDocument();
    expect(api.named('POST', '/cuviewTV/admin/videos/bulk/')[0]!.body).toEqual({
      action: 'add_to_playlist',
      ids: [2, 1, 3],
      playlist_id: 10,
    });
    expect(addSelected).toBeDisabled();

    // A row's own button adds that video alone and leaves the ticked rows as they were.
    await user.click(screen.getByRole('checkbox', { name: 'Select Video 1' }));
    await user.click(screen.getByRole('button', { name: 'Add Video 3 to a playlist' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Video 3 to a playlist' });
    await user.click(await within(dialog).findByRole('button', { name: /Morning Jazz/ }));
    await waitFor(() => expect(api.named('POST', '/cuviewTV/admin/videos/bulk/')).toHaveLength(2));
    expect(api.named('POST', '/cuviewTV/admin/videos/bulk/')[1]!.body).toEqual({
      action: 'add_to_playlist',
      ids: [3],
      playlist_id: 10,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: 'Select Video 1' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Video 3' })).not.toBeChecked();
    expect(addSelected).toHaveTextContent('Add Selected (1)');
  });

  it('switches to inactive videos, to search results with suggestions, and says when nothing matches', async () => {
    const api = apiMock({
      'GET /cuviewTV/admin/videos/': ({ query }) => {
        if (query.get('q') === 'nothing') return { json: { videos: [], videoLength: 0 } };
        if (query.get('q')) return page([1], 1);
        if (query.get('access') === 'off') return page([7], 1, { 7: { status: 0 } });
        return page([1], 1);
      },
      'POST /cuviewTV/video_search_suggestions/:q/': { json: [{ id: 1, title: 'Video 1' }] },
    });
    const { router } = renderList();
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Video 1');
    await user.click(screen.getByRole('switch', { name: 'Inactive Videos' }));
    expect(await screen.findByText('Video 7')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Inactive Videos' })).toHaveAttribute('aria-checked', 'true');
    expect(router.state.location.search).toBe('?access=off');

    await user.type(screen.getByRole('combobox', { name: 'Search videos' }), 'Vid');
    await user.click(await screen.findByRole('option', { name: 'Video 1' }));
    expect(await screen.findByText(/Search results for/)).toHaveTextContent('Search results for “Video 1”');
    expect(router.state.location.search).toBe('?access=off&q=Video+1');

    const box = screen.getByRole('combobox', { name: 'Search videos' });
    await user.clear(box);
    await user.type(box, 'nothing{Enter}');
    expect(await screen.findByText(MSG.noSearchResult)).toBeInTheDocument();
    expect(api.named('GET', '/cuviewTV/admin/videos/').map((c) => c.query.get('q'))).toContain('nothing');
  });

  it('filters by a typed date only once the date is whole, keeping the digits as typed', async () => {
    const api = apiMock({ 'GET /cuviewTV/admin/videos/': page([1], 1) });
    const { router } = renderList();
    await screen.findByText('Video 1');
    const from = screen.getByLabelText('Added from');
    // What Chromium reports while a year is typed digit by digit into a date field.
    for (const value of ['0002-03-15', '0020-03-15', '0202-03-15']) {
      fireEvent.change(from, { target: { value } });
      expect(from).toHaveValue(value);
    }
    expect(router.state.location.search).toBe('');
    fireEvent.change(from, { target: { value: '2026-03-15' } });
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-03-15'));
    await waitFor(() =>
      expect(api.named('GET', '/cuviewTV/admin/videos/').at(-1)!.query.get('from')).toBe('2026-03-15'),
    );
    expect(api.named('GET', '/cuviewTV/admin/videos/').map((c) => c.query.get('from'))).not.toContain('0002-03-15');
    // Half a date left behind goes back to the one applied.
    fireEvent.change(from, { target: { value: '0003-03-15' } });
    fireEvent.blur(from);
    expect(from).toHaveValue('2026-03-15');
  });

  it('filters by genre through the filter panel', async () => {
    const api = apiMock({
      'GET /cuviewTV/admin/videos/': ({ query }) => (query.get('filter') ? page([5], 1) : page([1], 1)),
      'GET /cuviewTV/get_genres/': { json: [{ id: 1, title: 'Jazz' }] },
      'GET /cuviewTV/get_moods/': { json: [] },
    });
    renderList();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.click(screen.getByRole('button', { name: 'Add genres' }));
    await user.click(await within(screen.getByRole('list', { name: 'Add genres' })).findByText('Jazz'));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('Video 5')).toBeInTheDocument();
    expect(api.named('GET', '/cuviewTV/admin/videos/').at(-1)!.query.get('filter')).toBe('1!4');
  });

  it('sorts by a heading, reverses on a second click, and keeps it all in the address', async () => {
    const api = apiMock({ 'GET /cuviewTV/admin/videos/': page([1, 2], 2) });
    const { router } = renderList('/adminVideos?state=failed&size=50');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Video 1');
    const last = () => api.named('GET', '/cuviewTV/admin/videos/').at(-1)!.query;
    expect(last().get('state')).toBe('failed');
    expect(last().get('page_size')).toBe('50');
    expect(last().get('sort')).toBe('created');
    await user.click(screen.getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(last().get('sort')).toBe('title'));
    expect(screen.getByRole('columnheader', { name: /Title/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: /Title/ }));
    await waitFor(() => expect(last().get('order')).toBe('desc'));
    expect(screen.getByRole('columnheader', { name: /Title/ })).toHaveAttribute('aria-sort', 'descending');
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('title');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Per page' }), '100');
    await waitFor(() => expect(last().get('page_size')).toBe('100'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Access' }), 'off');
    await waitFor(() => expect(last().get('access')).toBe('off'));
  });

  it('switches access off for everything the filter matches and names the videos left as they were', async () => {
    const api = apiMock({
      'GET /cuviewTV/admin/videos/': page([1, 2], 240),
      'POST /cuviewTV/admin/videos/bulk/': {
        json: {
          action: 'access_off',
          matched: 240,
          changed: 239,
          skipped: [{ id: 7, reason: 'not found' }],
          message: '239 videos changed, 1 left as they were',
        },
      },
    });
    renderList('/adminVideos?state=failed');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Select all 240 videos matching' }));
    expect(screen.getByRole('toolbar', { name: 'Bulk actions' })).toHaveTextContent('All 240 videos matching');
    await user.click(screen.getByRole('button', { name: 'Access off' }));
    expect(
      await screen.findByText('239 videos changed, 1 left as they were. Left as they were: #7 not found'),
    ).toBeInTheDocument();
    expect(api.named('POST', '/cuviewTV/admin/videos/bulk/')[0]!.body).toEqual({
      action: 'access_off',
      filter: { state: 'failed' },
    });
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).not.toBeInTheDocument();
  });

  it('asks once, naming how many, before a bulk delete', async () => {
    const api = apiMock({
      'GET /cuviewTV/admin/videos/': page([1, 2, 3], 3),
      'POST /cuviewTV/admin/videos/bulk/': {
        json: { action: 'delete', matched: 2, changed: 2, skipped: [], message: '2 videos changed' },
      },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderList();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Video 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Video 3' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenLastCalledWith('Delete 2 videos? This cannot be undone.');
    expect(api.named('POST', '/cuviewTV/admin/videos/bulk/')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('2 videos changed')).toBeInTheDocument();
    expect(api.named('POST', '/cuviewTV/admin/videos/bulk/')[0]!.body).toEqual({ action: 'delete', ids: [1, 3] });
  });

  it('deletes a video after the question', async () => {
    apiMock({
      'GET /cuviewTV/admin/videos/': page([1], 1),
      'DELETE /cuviewTV/delete_video/1/1/': { json: { message: 'Video has been deleted' } },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Video 1' }));
    expect(confirm).toHaveBeenCalledWith(MSG.deleteVideoConfirm);
    await waitFor(() => expect(screen.getByText(MSG.videoDeleted)).toBeInTheDocument());
  });
});
