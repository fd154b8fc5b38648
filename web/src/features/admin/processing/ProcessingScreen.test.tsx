import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiMock, renderScreen } from '../test-utils';
import { ProcessingScreen } from './ProcessingScreen';

const video = (id: number, title: string, state: string, extra: Record<string, unknown> = {}) => ({
  id,
  title,
  processing_state: state,
  processing_progress: 0,
  processing_error: null,
  updated_at: '2026-11-26T04:00:00.000Z',
  job: null,
  ...extra,
});

describe('/processing', () => {
  it('lists running, queued and failed videos with totals, and retries a failed one', async () => {
    let failed = true;
    const api = apiMock({
      'GET /cuviewTV/get_processing_overview/': () => ({
        json: {
          videos: [
            video(1, 'Encoding now', 'processing', { processing_progress: 42 }),
            video(2, 'Waiting', 'queued'),
            ...(failed
              ? [
                  video(3, 'Broken upload', 'failed', {
                    processing_error: 'The file is not a video',
                    job: { id: 'transcode-3', state: 'failed', progress: 0, attempts_made: 5, failed_reason: 'x' },
                  }),
                ]
              : [video(3, 'Broken upload', 'queued')]),
          ],
          counts: { processing: 1, queued: failed ? 1 : 2, failed: failed ? 1 : 0 },
        },
      }),
      'POST /cuviewTV/retry_video_processing/3/': () => {
        failed = false;
        return { json: { ...video(3, 'Broken upload', 'queued'), tracks: [], playlists: [] } };
      },
    });
    renderScreen(<ProcessingScreen />, '/processing', '/processing');
    const rows = await screen.findAllByRole('row');
    expect(rows.slice(1).map((row) => within(row).getByRole('link').textContent)).toEqual([
      'Encoding now',
      'Waiting',
      'Broken upload',
    ]);
    expect(within(rows[1]!).getByRole('progressbar', { name: 'Processing' })).toHaveAttribute('aria-valuenow', '42');
    expect(within(rows[3]!).getByText('The file is not a video')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('5')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Processing totals' })).toHaveTextContent('1 processing1 queued1 failed');

    const user = userEvent.setup({ delay: null });
    await user.click(within(rows[3]!).getByRole('button', { name: 'Retry' }));
    expect(api.named('POST', '/cuviewTV/retry_video_processing/3/')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Processing totals' })).toHaveTextContent('1 processing2 queued0 failed'),
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('shows the stage and the time left of a running job', async () => {
    apiMock({
      'GET /cuviewTV/get_processing_overview/': {
        json: {
          videos: [
            video(1, 'Encoding now', 'processing', {
              processing_progress: 40,
              job: {
                id: 'transcode-1',
                state: 'active',
                progress: 45,
                stage: '720p, 480p',
                seconds_left: 20,
                attempts_made: 0,
                failed_reason: null,
              },
            }),
            video(2, 'Waiting', 'queued'),
          ],
          counts: { processing: 1, queued: 1, failed: 0 },
        },
      },
    });
    renderScreen(<ProcessingScreen />, '/processing', '/processing');
    const rows = await screen.findAllByRole('row');
    expect(within(rows[1]!).getByRole('status')).toHaveTextContent('Transcoding 720p, 480p · 45 % · about 20 s left');
    // The job's own percent: the row's is written less often.
    expect(within(rows[1]!).getByRole('progressbar', { name: 'Processing' })).toHaveAttribute('aria-valuenow', '45');
    expect(within(rows[2]!).queryByRole('status')).not.toBeInTheDocument();
  });

  it('says when nothing is processing', async () => {
    apiMock({
      'GET /cuviewTV/get_processing_overview/': {
        json: { videos: [], counts: { processing: 0, queued: 0, failed: 0 } },
      },
    });
    renderScreen(<ProcessingScreen />, '/processing', '/processing');
    expect(await screen.findByText('Nothing is processing: every video is ready')).toBeInTheDocument();
  });
});
