import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlaylistDetail } from '@/lib/api/types';
import { renderRoute } from '@/testing/render';
import { PlaylistStrip } from './PlaylistStrip';

const video = (id: number, title: string) =>
  ({
    id,
    title,
    duration: 200,
    artists: '',
    composers: '',
    scripted_bunny_path: '',
  }) as PlaylistDetail['videos'][number];

const welcome = {
  id: 33,
  title: 'Welcome to CUVIEW',
  user_id: null,
  videos: [video(101, 'Paper Boats'), video(104, 'Night Drive')],
} as unknown as PlaylistDetail;

function strip(currentVideoId: number) {
  const noop = () => undefined;
  renderRoute(
    <PlaylistStrip
      playlist={welcome}
      groupId={8}
      currentVideoId={currentVideoId}
      isOwner={false}
      onExport={noop}
      onDelete={noop}
      onReplay={noop}
    />,
  );
}

describe('playlist strip', () => {
  it('shows the playlist as the one playing when the video is in it', () => {
    strip(104);
    expect(screen.getByRole('region', { name: 'Playlist Welcome to CUVIEW' })).toBeVisible();
    expect(screen.queryByText('Up next')).toBeNull();
  });

  it('says "Up next" when the video was opened from elsewhere (search, a category) and is not in it', () => {
    strip(155);
    expect(screen.getByRole('region', { name: 'Up next: playlist Welcome to CUVIEW' })).toBeVisible();
    expect(screen.getByText('Up next')).toBeVisible();
  });
});
