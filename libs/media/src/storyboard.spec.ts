import { describe, expect, it } from '@jest/globals';
import { planStoryboard, renderStoryboardVtt, STORYBOARD_MAX_FRAMES, StoryboardCommand } from './storyboard.js';

describe('planStoryboard', () => {
  it('takes a frame every 2 s of a music video, 160 px wide, on one 10 × 10 sheet per 200 s', () => {
    expect(planStoryboard(60, 1920, 1080)).toEqual({
      intervalSeconds: 2,
      frames: 30,
      columns: 10,
      rows: 3,
      sheets: 1,
      tileWidth: 160,
      tileHeight: 90,
    });
    expect(planStoryboard(245, 1280, 720)).toMatchObject({ frames: 123, rows: 10, sheets: 2 });
  });

  it('spaces the frames of a long video out (an even number of seconds) so their count stays bounded', () => {
    const plan = planStoryboard(3 * 3600, 1920, 1080);
    expect(plan.frames).toBeLessThanOrEqual(STORYBOARD_MAX_FRAMES);
    expect(plan.intervalSeconds % 2).toBe(0);
    expect(plan.sheets).toBe(5);
  });

  it('keeps a portrait picture’s shape', () => {
    expect(planStoryboard(10, 1080, 1920)).toMatchObject({ tileWidth: 160, tileHeight: 284, columns: 5, rows: 1 });
  });
});

describe('renderStoryboardVtt', () => {
  it('lists each frame’s place on its sheet; the last cue ends with the video', () => {
    const vtt = renderStoryboardVtt(planStoryboard(205, 1920, 1080), 205);
    expect(vtt.startsWith('WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nsheet-001.jpg#xywh=0,0,160,90\n')).toBe(true);
    expect(vtt).toContain('00:00:22.000 --> 00:00:24.000\nsheet-001.jpg#xywh=160,90,160,90');
    expect(vtt).toContain('00:03:20.000 --> 00:03:22.000\nsheet-002.jpg#xywh=0,0,160,90');
    expect(vtt.trim().endsWith('00:03:24.000 --> 00:03:25.000\nsheet-002.jpg#xywh=320,0,160,90')).toBe(true);
  });
});

describe('StoryboardCommand', () => {
  it('decodes keyframes only, from files only, and tiles in one pass', () => {
    const args = new StoryboardCommand('/t/240p/index.m3u8', 'hls', '/t/sb', planStoryboard(60, 426, 240)).args();
    expect(args.slice(args.indexOf('-skip_frame'), args.indexOf('-skip_frame') + 2)).toEqual(['-skip_frame', 'nokey']);
    expect(args).toEqual(
      expect.arrayContaining(['-protocol_whitelist', 'file', '-f', 'hls', 'file:/t/240p/index.m3u8']),
    );
    expect(args[args.indexOf('-vf') + 1]).toMatch(/fps=1\/2:.*scale=160:90.*tile=10x3/);
    expect(args.at(-1)).toBe('/t/sb/sheet-%03d.jpg');
  });
});
