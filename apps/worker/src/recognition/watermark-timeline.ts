import type { TrackEntry } from '../repositories/video-jobs.repository.js';

/** A stretch of the video's timeline and the track entry playing in it (null: between tracks). */
export interface TimelineSpan {
  start: number;
  end: number;
  videoTrackId: number | null;
  albumTrackId: number | null;
}

/** Spans shorter than this are merged into their neighbour: too short to decode anyway. */
const MIN_SPAN_SECONDS = 0.5;

/**
 * Cuts [0, duration) into spans, one per track entry and one per gap between entries, so the
 * embedded code switches exactly at track boundaries. Entries are clamped to the video; where
 * two overlap, the later one starts when it starts. Pure, so it is unit-tested on its own.
 */
export function planTimeline(durationSeconds: number, entries: readonly TrackEntry[]): TimelineSpan[] {
  const spans: TimelineSpan[] = [];
  const push = (start: number, end: number, videoTrackId: number | null, albumTrackId: number | null) => {
    if (end - start <= 0) return;
    const last = spans[spans.length - 1];
    if (last && last.videoTrackId === videoTrackId) {
      last.end = end;
    } else if (end - start < MIN_SPAN_SECONDS && last) {
      last.end = end;
    } else {
      spans.push({ start, end, videoTrackId, albumTrackId });
    }
  };

  const sorted = [...entries]
    .map((e) => ({ ...e, startTime: Math.max(0, e.startTime), endTime: Math.min(durationSeconds, e.endTime) }))
    .filter((e) => e.endTime > e.startTime)
    .sort((a, b) => a.startTime - b.startTime);

  let cursor = 0;
  sorted.forEach((entry, i) => {
    const next = sorted[i + 1];
    const start = Math.max(cursor, entry.startTime);
    const end = Math.min(entry.endTime, next ? Math.max(next.startTime, start) : entry.endTime);
    push(cursor, start, null, null);
    push(start, end, entry.id, entry.albumTrackId);
    cursor = Math.max(cursor, end);
  });
  push(cursor, durationSeconds, null, null);

  // A short first span could not merge backwards: fold it into the one after it.
  if (spans.length > 1 && spans[0]!.end - spans[0]!.start < MIN_SPAN_SECONDS) {
    spans[1]!.start = 0;
    spans.shift();
  }
  return spans;
}
