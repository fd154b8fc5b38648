import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/fetch-mock';
import { renderRoute } from '@/testing/render';
import {
  ConcertsSection,
  EssentialsSection,
  GenresSection,
  GroupTabsSection,
  LatestPlaylistsSection,
} from './sections';

function Landing() {
  return (
    <>
      <LatestPlaylistsSection />
      <EssentialsSection />
      <ConcertsSection />
      <GenresSection />
      <GroupTabsSection />
      <p>end of page</p>
    </>
  );
}

describe('landing rows on a catalogue that does not hold them yet', () => {
  it('leaves out empty rows and the lists of fixed ids it lacks, with no error on screen', async () => {
    const { calls } = mockFetch({
      'GET /cuviewTV/get_latest_playlists/': { json: [] },
      'GET /cuviewTV/get_essential_classics/': { status: 404, json: { message: 'Playlist not found' } },
      'GET /cuviewTV/get_concerts_and_performances/': { json: [] },
      'GET /cuviewTV/get_active_genres/': { json: [] },
      'GET /cuviewTV/get_groups/': { json: [] },
      'GET /cuviewTV/get_group_playlists/4/': { status: 404, json: { message: 'Group not found' } },
    });
    renderRoute(<Landing />);
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(6));
    await waitFor(() => expect(screen.queryByText('Loading...')).toBeNull());
    expect(screen.queryAllByRole('heading')).toEqual([]);
    expect(screen.queryByText(/not found/i)).toBeNull();
    expect(screen.getByText('end of page')).toBeInTheDocument();
  });

  it('still says when a row could not be loaded', async () => {
    mockFetch({
      'GET /cuviewTV/get_concerts_and_performances/': {
        status: 503,
        json: { message: 'The catalogue is unavailable; try again shortly' },
      },
    });
    renderRoute(<ConcertsSection />);
    expect(await screen.findByText('The catalogue is unavailable; try again shortly')).toBeInTheDocument();
  });
});
