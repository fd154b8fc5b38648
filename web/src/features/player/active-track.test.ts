import { describe, expect, it } from 'vitest';
import type { VideoTrack } from '@/lib/api/types';
import { aTrack } from '@/testing/factories';
import { activeTrackIndex, neighbour, trackStepTarget } from './active-track';

const tracks: VideoTrack[] = [
  aTrack({ id: 1, position: 1, title: 'Blue Hour', starts_at: 0, ends_at: 4 }),
  aTrack({ id: 2, position: 2, title: 'City of Glass', starts_at: 5, ends_at: 8 }),
];

describe('active track', () => {
  it('follows playback and changes as playback passes a track end', () => {
    expect(activeTrackIndex(tracks, 0)).toBe(0);
    expect(activeTrackIndex(tracks, 3.9)).toBe(0);
    expect(activeTrackIndex(tracks, 4)).toBe(1);
    expect(activeTrackIndex(tracks, 4.5)).toBe(1);
    expect(activeTrackIndex(tracks, 7.9)).toBe(1);
    expect(activeTrackIndex(tracks, 9)).toBe(1);
    expect(activeTrackIndex([], 3)).toBe(-1);
  });
});

describe('previous / next in the playlist', () => {
  const list = [{ id: 10 }, { id: 20 }, { id: 30 }];
  it('moves by one and does nothing at either end', () => {
    expect(neighbour(list, 20, 1)).toEqual({ id: 30 });
    expect(neighbour(list, 20, -1)).toEqual({ id: 10 });
    expect(neighbour(list, 30, 1)).toBeNull();
    expect(neighbour(list, 10, -1)).toBeNull();
    // A video from outside the playlist (a search result) leads into it.
    expect(neighbour(list, 99, 1)).toEqual({ id: 10 });
    expect(neighbour(list, 99, -1)).toBeNull();
    expect(neighbour([], 99, 1)).toBeNull();
  });
});

describe('track steps', () => {
  it('goes to the next track start, and past the last gives way to the next video', () => {
    expect(trackStepTarget(tracks, 1, 1)).toBe(5);
    expect(trackStepTarget(tracks, 6, 1)).toBeNull();
    expect(trackStepTarget([], 6, 1)).toBeNull();
  });

  it('restarts a track that played a while, else goes to the one before', () => {
    expect(trackStepTarget(tracks, 8.5, -1)).toBe(5);
    expect(trackStepTarget(tracks, 6, -1)).toBe(0);
    expect(trackStepTarget(tracks, 1, -1)).toBeNull();
  });
});
