import { describe, expect, it } from '@jest/globals';
import { planTimeline } from './watermark-timeline.js';

const entry = (id: number, startTime: number, endTime: number) => ({ id, albumTrackId: 100 + id, startTime, endTime });

describe('the watermark timeline', () => {
  it('marks a video without track entries with one video-wide span', () => {
    expect(planTimeline(60, [])).toEqual([{ start: 0, end: 60, videoTrackId: null, albumTrackId: null }]);
  });

  it('switches code exactly at each track boundary, with gap spans between tracks', () => {
    expect(planTimeline(100, [entry(2, 40, 70), entry(1, 10, 40)])).toEqual([
      { start: 0, end: 10, videoTrackId: null, albumTrackId: null },
      { start: 10, end: 40, videoTrackId: 1, albumTrackId: 101 },
      { start: 40, end: 70, videoTrackId: 2, albumTrackId: 102 },
      { start: 70, end: 100, videoTrackId: null, albumTrackId: null },
    ]);
  });

  it('lets the later of two overlapping entries start when it starts, and clamps to the video', () => {
    expect(planTimeline(50, [entry(1, 0, 30), entry(2, 20, 80)])).toEqual([
      { start: 0, end: 20, videoTrackId: 1, albumTrackId: 101 },
      { start: 20, end: 50, videoTrackId: 2, albumTrackId: 102 },
    ]);
  });

  it('folds spans too short to decode into a neighbour', () => {
    const spans = planTimeline(30, [entry(1, 0.2, 30)]);
    expect(spans).toEqual([{ start: 0, end: 30, videoTrackId: 1, albumTrackId: 101 }]);
  });

  it('covers the whole video without holes whatever the entries', () => {
    const spans = planTimeline(200, [entry(1, 5, 50), entry(2, 49, 51), entry(3, 120, 300), entry(4, -5, 2)]);
    expect(spans[0]!.start).toBe(0);
    expect(spans[spans.length - 1]!.end).toBe(200);
    for (let i = 1; i < spans.length; i++) expect(spans[i]!.start).toBe(spans[i - 1]!.end);
  });
});
