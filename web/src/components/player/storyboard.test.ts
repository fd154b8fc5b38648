import { describe, expect, it } from 'vitest';
import { frameAt, parseStoryboard } from './storyboard';

const INDEX = `WEBVTT

00:00:00.000 --> 00:00:02.000
sheet-001.jpg#xywh=0,0,160,90

00:00:02.000 --> 00:00:04.000
sheet-001.jpg#xywh=160,0,160,90

01:40.000 --> 01:45.500
sheet-002.jpg#xywh=0,90,160,90
`;

describe('parseStoryboard', () => {
  it('reads the frames and resolves the sheets beside the index', () => {
    const frames = parseStoryboard(INDEX, '/cuviewTV/media/hls/7/r1/storyboard/storyboard.vtt');
    expect(frames).toHaveLength(3);
    expect(frames[1]).toEqual({
      start: 2,
      end: 4,
      sheet: `${window.location.origin}/cuviewTV/media/hls/7/r1/storyboard/sheet-001.jpg`,
      x: 160,
      y: 0,
      w: 160,
      h: 90,
    });
    expect(frames[2]).toMatchObject({ start: 100, end: 105.5, y: 90 });
  });

  it('finds the frame at a time, the last one past the end', () => {
    const frames = parseStoryboard(INDEX, '/s/storyboard.vtt');
    expect(frameAt(frames, 0)?.x).toBe(0);
    expect(frameAt(frames, 3.9)?.x).toBe(160);
    expect(frameAt(frames, 500)?.sheet).toMatch(/sheet-002\.jpg$/);
    expect(frameAt([], 1)).toBeUndefined();
  });
});
