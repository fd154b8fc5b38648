import type { VideoTrack } from '@/lib/api/types';

/**
 * The active track at `time`: it changes as playback passes a track's end time, so the first
 * track that has not ended yet is active (a gap before the next excerpt already shows the
 * next one); past the last end the last track stays active.
 */
export function activeTrackIndex(tracks: VideoTrack[], time: number): number {
  if (tracks.length === 0) return -1;
  const i = tracks.findIndex((t) => time < t.ends_at);
  return i === -1 ? tracks.length - 1 : i;
}

/**
 * Neighbour in the playlist, or null at either end (nothing happens there). A video that is not
 * in the playlist (opened from search, which plays in the last active playlist) comes before it:
 * next is the playlist's first video.
 */
export function neighbour<T extends { id: number }>(list: T[], id: number, step: 1 | -1): T | null {
  const i = list.findIndex((v) => v.id === id);
  if (i < 0) return step === 1 ? (list[0] ?? null) : null;
  return list[i + step] ?? null;
}
