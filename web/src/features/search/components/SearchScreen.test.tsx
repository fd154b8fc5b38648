import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SEARCH_TEXT_MAX_LENGTH } from '@/lib/constants';
import { mockFetch } from '@/testing/fetch-mock';
import { renderRoute } from '@/testing/render';
import { SearchScreen } from './SearchScreen';

describe('/search', () => {
  it('has the six tabs with title search first', () => {
    mockFetch({});
    renderRoute(<SearchScreen />, { route: '/search', path: '/search' });
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Search By Title',
      'Artists',
      'Composers',
      'Genres',
      'Moods',
      'Tags',
    ]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
  });

  it('stops the search text at the length the api accepts (a longer paste is cut there)', async () => {
    mockFetch({});
    renderRoute(<SearchScreen />, { route: '/search', path: '/search' });
    const input = screen.getByRole('combobox', { name: 'Search by title' });
    await userEvent.setup().click(input);
    await userEvent.paste('night drive '.repeat(25));
    expect(input).toHaveValue('night drive '.repeat(25).slice(0, SEARCH_TEXT_MAX_LENGTH));
  });

  it("offers a genre's and a tag's videos when the search is their whole name", async () => {
    mockFetch({
      'POST /cuviewTV/get_search_results/jazz/1/': { json: { videos: [], videoLength: 0 } },
      'POST /cuviewTV/get_genres_for_filter/': {
        json: [
          { id: 4, title: 'Jazz' },
          { id: 5, title: 'Jazz Fusion' },
        ],
      },
      'POST /cuviewTV/get_moods_for_filter/': { json: [{ id: 3, title: 'Calm' }] },
      'POST /cuviewTV/get_tags_for_filter/jazz/1/': { json: [{ id: 9, title: 'jazz' }] },
      'POST /cuviewTV/get_videogenres_for_filter/jazz/1/': { json: [] },
    });
    renderRoute(<SearchScreen />, { route: '/search?q=jazz', path: '/search' });
    const offers = await screen.findByRole('list', { name: 'Browse by name' });
    await waitFor(() => expect(within(offers).getAllByRole('link')).toHaveLength(2));
    expect(within(offers).getByRole('link', { name: 'All videos of genre Jazz' })).toHaveAttribute(
      'href',
      '/filter_results/4!4',
    );
    expect(within(offers).getByRole('link', { name: 'All videos of tag jazz' })).toHaveAttribute(
      'href',
      '/filter_results/9!2',
    );
  });

  it('opens suggestions 500 ms after typing and closes them on search', async () => {
    const { calls } = mockFetch({
      'POST /cuviewTV/get_search_suggestions/moza/': { json: [{ id: 1, title: 'Mozart Requiem' }] },
      'POST /cuviewTV/get_search_results/moza/1/': {
        json: { videos: [{ id: 5, title: 'Requiem', duration: 100 }], videoLength: 1 },
      },
    });
    renderRoute(<SearchScreen />, { route: '/search', path: '/search' });
    const input = screen.getByRole('combobox', { name: 'Search by title' });
    fireEvent.change(input, { target: { value: 'moza' } });

    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(calls.filter((c) => c.path.includes('suggestions'))).toHaveLength(0);
    expect(await screen.findByRole('option', { name: 'Mozart Requiem' }, { timeout: 2000 })).toBeInTheDocument();
    expect(calls.filter((c) => c.path.includes('suggestions'))).toHaveLength(1);

    fireEvent.submit(input.closest('form')!);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    const play = await screen.findByRole('link', { name: 'Play Requiem' });
    // The title is part of the link, not text beside it.
    expect(within(play).getByRole('heading', { name: 'Requiem' })).toBeInTheDocument();
  });

  it('sends an empty artist search as a single space and adds a filter entry only once', async () => {
    const { calls } = mockFetch({
      'POST /cuviewTV/get_artists_for_filter/%20/1/': { json: [{ id: 7, title: 'Anna Netrebko' }] },
      'POST /cuviewTV/get_filter_results/1/': {
        json: { videos: [{ id: 9, title: 'Casta diva', duration: 300 }], videoLength: 1 },
      },
    });
    const { router } = renderRoute(<SearchScreen />, { route: '/search?tab=2', path: '/search' });
    const user = userEvent.setup({ delay: null });
    const artist = await screen.findByRole('button', { name: 'Anna Netrebko' });
    await user.click(artist);
    await user.click(screen.getByRole('button', { name: 'Anna Netrebko' }));

    await waitFor(() => expect(router.state.location.search).toContain('f=7%217'));
    expect(screen.getAllByRole('listitem').filter((li) => li.classList.contains('chip'))).toHaveLength(1);
    expect(screen.getByText('Artist: Anna Netrebko')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anna Netrebko' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('link', { name: 'Play Casta diva' })).toBeInTheDocument();
    const results = calls.filter((c) => c.path === '/cuviewTV/get_filter_results/1/');
    expect(results.at(-1)!.body).toEqual({ data: [{ id: 7, kind: 7 }] });
    // The facet list is asked again with the current filter list, so it narrows.
    expect(calls.filter((c) => c.path === '/cuviewTV/get_artists_for_filter/%20/1/').at(-1)!.body).toEqual({
      data: [{ id: 7, kind: 7 }],
    });
  });

  it('removing the chip clears the filter', async () => {
    mockFetch({
      'POST /cuviewTV/get_genres_for_filter/': { json: [{ id: 4, title: 'Opera' }] },
      'POST /cuviewTV/get_filter_results/1/': { json: { videos: [], videoLength: 0 } },
    });
    const { router } = renderRoute(<SearchScreen />, { route: '/search?tab=4&f=4!4', path: '/search' });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Remove filter 4' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('f='));
  });
});
