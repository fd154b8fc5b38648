import type { TrackEntry } from '../repositories/video-jobs.repository.js';

/**
 * A stretch of an analysis window that one track entry owns, on the video's timeline
 * (seconds): a viewer whose playback position lies in [start, end) is watching `entryId`.
 * Its audio is [audioStart, audioEnd), the part where that entry really plays.
 */
export interface AnalysisSpan {
  start: number;
  end: number;
  audioStart: number;
  audioEnd: number;
  entryId: number | null;
  /** Where the entry starts playing (its mark too), possibly before the window. */
  entryStart: number;
  /** Where the entry stops playing, possibly after the window. */
  entryEnd: number;
}

/**
 * Cuts the window [from, to) at the track entries' end times: an entry is the one playing
 * until its end time, and the silence before the next entry already belongs to the next one
 * (the rule of the player's track strip, spec viewer §4 "The active track changes as playback
 * passes its end time"); past the last end the last entry stays. The watermark and the
 * footprint of each span then hear one track only, so the answer for a playback position is
 * the track playing there, not the one that fills most of the window. Without entries the
 * whole window is one span. Pure, so it is unit-tested on its own.
 */
export function analysisSpans(from: number, to: number, entries: readonly TrackEntry[]): AnalysisSpan[] {
  if (to <= from) return [];
  const sorted = [...entries]
    .filter((e) => e.endTime > e.startTime)
    .sort((a, b) => a.startTime - b.startTime || a.endTime - b.endTime);
  if (sorted.length === 0)
    return [{ start: from, end: to, audioStart: from, audioEnd: to, entryId: null, entryStart: from, entryEnd: to }];
  const spans: AnalysisSpan[] = [];
  let previousEnd = -Infinity;
  sorted.forEach((entry, i) => {
    const last = i === sorted.length - 1;
    const start = Math.max(from, previousEnd);
    const end = last ? to : Math.min(to, entry.endTime);
    previousEnd = Math.max(previousEnd, entry.endTime);
    if (end <= start) return;
    const audioStart = Math.max(start, entry.startTime);
    const audioEnd = Math.max(audioStart, Math.min(end, entry.endTime));
    spans.push({
      start,
      end,
      audioStart,
      audioEnd,
      entryId: entry.id,
      entryStart: Math.max(0, entry.startTime),
      entryEnd: entry.endTime,
    });
  });
  return spans;
}
