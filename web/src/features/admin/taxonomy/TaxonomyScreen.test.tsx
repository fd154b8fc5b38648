import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiMock, renderScreen } from '../test-utils';
import { TaxonomyScreen } from './TaxonomyScreen';

const TAGS = {
  items: [
    { id: 1, title: 'concert', videos: 4, others: 0 },
    { id: 2, title: 'live', videos: 12, others: 1 },
  ],
  length: 2,
};

const renderTaxonomy = (route = '/taxonomy') => renderScreen(<TaxonomyScreen />, route, '/taxonomy');

describe('/taxonomy', { timeout: 60_000 }, () => {
  it('lists tags with what uses them and switches kind in the address', async () => {
    const api = apiMock({
      'GET /cuviewTV/admin/taxonomy/tags/': { json: TAGS },
      'GET /cuviewTV/admin/taxonomy/moods/': {
        json: { items: [{ id: 5, title: 'Calm', videos: 1, others: 3 }], length: 1 },
      },
    });
    const { router } = renderTaxonomy();
    const user = userEvent.setup({ delay: null });
    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => r.querySelectorAll('td')[1]!.textContent)).toEqual([
      '4 videos',
      '12 videos and 1 other use',
    ]);
    await user.click(screen.getByRole('button', { name: 'Moods' }));
    expect(await screen.findByText('Calm')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?kind=moods');
    expect(api.named('GET', '/cuviewTV/admin/taxonomy/moods/')[0]!.query.get('page_size')).toBe('10');
  });

  it('merges a tag into another after a question naming its uses', async () => {
    const api = apiMock({
      'GET /cuviewTV/admin/taxonomy/tags/': { json: TAGS },
      'POST /cuviewTV/admin/taxonomy/tags/2/merge/': {
        json: { message: 'Merged "live" into "concert": 12 uses moved', links: 12 },
      },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderTaxonomy();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Merge live' }));
    const dialog = screen.getByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: /concert/ }));
    expect(confirm).toHaveBeenCalledWith('Merge "live" (12 videos and 1 other use) into "concert"? "live" is deleted.');
    expect(await screen.findByText('Merged "live" into "concert": 12 uses moved')).toBeInTheDocument();
    expect(api.named('POST', '/cuviewTV/admin/taxonomy/tags/2/merge/')[0]!.body).toEqual({ into: 1 });
  });

  it('renames, shows a refusal, and deletes after a question naming the uses', async () => {
    const api = apiMock({
      'GET /cuviewTV/admin/taxonomy/tags/': { json: TAGS },
      'PUT /cuviewTV/admin/taxonomy/tags/2/': ({ body }) =>
        (body as { title: string }).title === 'concert'
          ? { status: 409, json: { message: 'The tag "concert" already exists; merge into it instead' } }
          : { json: { id: 2, title: 'live set', videos: 12, others: 1 } },
      'DELETE /cuviewTV/admin/taxonomy/tags/2/': { json: { message: 'Deleted "live" (13 uses removed)', links: 13 } },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderTaxonomy();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit live' }));
    const field = within(screen.getByRole('dialog')).getByRole('textbox', { name: 'New name' });
    await user.clear(field);
    await user.type(field, 'concert{Enter}');
    expect(await screen.findByText('The tag "concert" already exists; merge into it instead')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'live set{Enter}');
    expect(await screen.findByText('Renamed to "live set"')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Delete live' }));
    expect(confirm).toHaveBeenCalledWith('Delete tag "live"? It is used by 12 videos and 1 other use.');
    expect(await screen.findByText('Deleted "live" (13 uses removed)')).toBeInTheDocument();
    expect(api.named('DELETE', '/cuviewTV/admin/taxonomy/tags/2/')).toHaveLength(1);
  });
});
