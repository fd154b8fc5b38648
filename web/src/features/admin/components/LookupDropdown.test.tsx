import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { testQueryClient } from '@/testing/render';
import type { IdTitle } from '../types';
import { MultiPicker } from './LookupDropdown';

const MOODS = [
  { id: 1, title: 'Calm' },
  { id: 2, title: 'Dreamy' },
  { id: 3, title: 'Energetic' },
];

function Moods() {
  const [value, setValue] = useState<IdTitle[]>([]);
  return <MultiPicker label="Moods" value={value} onChange={setValue} items={MOODS} />;
}

describe('multi picker', () => {
  it('stays open for several picks in a row, each leaving the list, and closes on Escape', async () => {
    render(
      <QueryClientProvider client={testQueryClient()}>
        <Moods />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add moods' }));
    const list = screen.getByRole('list', { name: 'Add moods' });
    await user.click(within(list).getByRole('button', { name: 'Calm' }));
    await user.click(within(list).getByRole('button', { name: 'Energetic' }));
    const chosen = screen.getByRole('list', { name: 'Chosen moods' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['Calm', 'Energetic']);
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Dreamy']);
    // The search field has the focus again, ready for the next name.
    expect(screen.getByRole('searchbox', { name: 'Search add moods' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('list', { name: 'Add moods' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add moods' })).toHaveFocus();
  });
});
