import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiMock, renderScreen } from '../test-utils';
import { StatsScreen } from './StatsScreen';

const report = (from: string, to: string) => ({
  from,
  to,
  totals: { plays: 12, completions: 6, watch_seconds: 3725, completion_rate: 0.5 },
  days: [
    { day: '2026-05-01', plays: 2, completions: 1, watch_seconds: 600 },
    { day: '2026-05-02', plays: 0, completions: 0, watch_seconds: 0 },
    { day: '2026-05-03', plays: 10, completions: 5, watch_seconds: 3125 },
  ],
  videos: [{ id: 7, title: 'Casta diva', plays: 9, completions: 3, watch_seconds: 3000, completion_rate: 0.333 }],
  playlists: [],
  top_searches: [{ query: 'casta diva', searches: 4 }],
  empty_searches: [{ query: 'zzqx', searches: 2 }],
});

describe('/adminStats', { timeout: 60_000 }, () => {
  it('shows the period from the address, totals, a chart per day and the tables; the chart switches metric', async () => {
    const api = apiMock({
      'GET /cuviewTV/get_stats_for_admin/': ({ query }) => ({ json: report(query.get('from')!, query.get('to')!) }),
    });
    renderScreen(<StatsScreen />, '/adminStats?from=2026-05-01&to=2026-05-03', '/adminStats');
    const totals = await screen.findByLabelText('Totals');
    expect(totals).toHaveTextContent('Plays12');
    expect(totals).toHaveTextContent('Watch time1:02:05');
    expect(totals).toHaveTextContent('Completion50 %');
    const call = api.named('GET', '/cuviewTV/get_stats_for_admin/')[0]!;
    expect([call.query.get('from'), call.query.get('to')]).toEqual(['2026-05-01', '2026-05-03']);

    const chart = screen.getByRole('img', { name: /^Plays per day, 2026-05-01 to 2026-05-03: 12 in all$/ });
    const bars = chart.querySelectorAll('rect');
    expect([...bars].map((b) => b.getAttribute('data-value'))).toEqual(['2', '0', '10']);
    // The tallest bar reaches the top of a round axis (10), the empty day has no height.
    expect(Number(bars[1]!.getAttribute('height'))).toBe(0);

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Watch time' }));
    expect(screen.getByRole('img', { name: /^Watch time per day.*: 1:02:05 in all$/ })).toBeInTheDocument();

    const videos = screen.getByRole('region', { name: 'Videos' });
    expect(within(videos).getByRole('row', { name: /Casta diva/ })).toHaveTextContent('Casta diva950:0033 %');
    expect(screen.getByRole('region', { name: 'Playlists' })).toHaveTextContent('Nothing played in this period.');
    expect(screen.getByRole('region', { name: 'Searches with no result' })).toHaveTextContent('zzqx');

    // A preset changes the period in the address and asks again.
    await user.click(screen.getByRole('button', { name: '7 days' }));
    const last = api.named('GET', '/cuviewTV/get_stats_for_admin/').at(-1)!;
    const from = new Date(Date.parse(`${last.query.get('to')}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
    expect(last.query.get('from')).toBe(from);
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
  });
});
