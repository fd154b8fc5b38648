import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/fetch-mock';
import { renderRoute } from '@/testing/render';
import { FilterPanel } from './FilterPanel';

describe('filter panel (category screen)', () => {
  it('offers video genres like the other facets and shows their results', async () => {
    const { calls } = mockFetch({
      'POST /cuviewTV/get_genres_for_filter/': { json: [{ id: 4, title: 'Rock', kind: 4 }] },
      'POST /cuviewTV/get_videogenres_for_filter/%20/1/': {
        json: [
          { id: 3, title: 'Concert', kind: 8 },
          { id: 5, title: 'Lyric video', kind: 8 },
        ],
      },
    });
    const { router } = renderRoute(<FilterPanel />);
    const user = userEvent.setup({ delay: null });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Genres',
      'Moods',
      'Artists',
      'Composers',
      'Tags',
      'Video genres',
    ]);
    await user.click(screen.getByRole('tab', { name: 'Video genres' }));
    await user.click(await screen.findByRole('button', { name: 'Concert' }));
    expect(screen.getByRole('button', { name: 'Concert' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('list', { name: 'Chosen filters' })).toHaveTextContent('Concert');
    // The list is asked again with the choice, so it narrows to values that still have videos.
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/cuviewTV/get_videogenres_for_filter/%20/1/').at(-1)!.body).toEqual({
        data: [{ id: 3, kind: 8 }],
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Show results' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/filter_results/3!8'));
  });
});
