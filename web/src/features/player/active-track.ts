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

/** Seconds into a track after which "previous track" restarts it instead of going back. */
export const RESTART_TRACK_AFTER_S = 3;

/**
 * Where "next track" / "previous track" go at `time`, as a music player does: next is the start
 * of the following track (null past the last: the next video's turn); previous restarts the
 * current track when more than 3 s of it played, else goes to the start of the one before
 * (null before the first).
 */
export function trackStepTarget(tracks: VideoTrack[], time: number, step: 1 | -1): number | null {
  const i = activeTrackIndex(tracks, time);
  if (i < 0) return null;
  if (step === 1) return tracks[i + 1]?.starts_at ?? null;
  const current = tracks[i]!;
  if (time - current.starts_at > RESTART_TRACK_AFTER_S) return current.starts_at;
  return tracks[i - 1]?.starts_at ?? null;
}
