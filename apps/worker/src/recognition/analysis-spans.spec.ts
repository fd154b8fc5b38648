import { describe, expect, it } from '@jest/globals';
import { analysisSpans } from './analysis-spans.js';

const entry = (id: number, startTime: number, endTime: number) => ({ id, albumTrackId: id * 10, startTime, endTime });

describe('analysis spans', () => {
  it('cuts a window that spans two tracks at the first one’s end; the gap goes with the next', () => {
    // Video 403 of the demo: track 1 [0, 17.5), a second of silence, track 2 [18.5, 36).
    const spans = analysisSpans(15, 36, [entry(1, 0, 17.5), entry(2, 18.5, 36)]);
    expect(spans).toEqual([
      { start: 15, end: 17.5, audioStart: 15, audioEnd: 17.5, entryId: 1, entryStart: 0, entryEnd: 17.5 },
      { start: 17.5, end: 36, audioStart: 18.5, audioEnd: 36, entryId: 2, entryStart: 18.5, entryEnd: 36 },
    ]);
  });

  it('keeps entries outside the window out, and one span for a window inside one entry', () => {
    expect(analysisSpans(40, 70, [entry(1, 0, 30), entry(2, 31, 80), entry(3, 81, 100)])).toEqual([
      { start: 40, end: 70, audioStart: 40, audioEnd: 70, entryId: 2, entryStart: 31, entryEnd: 80 },
    ]);
  });

  it('gives the last entry the rest of the window, and the whole window without entries', () => {
    expect(analysisSpans(0, 30, [entry(1, 2, 20)])).toEqual([
      { start: 0, end: 30, audioStart: 2, audioEnd: 20, entryId: 1, entryStart: 2, entryEnd: 20 },
    ]);
    expect(analysisSpans(5, 35, [])).toEqual([
      { start: 5, end: 35, audioStart: 5, audioEnd: 35, entryId: null, entryStart: 5, entryEnd: 35 },
    ]);
  });
});
