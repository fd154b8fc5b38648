import { describe, expect, it } from '@jest/globals';
import type { KeyframeScan, MediaProbe, StreamInfo } from '../probe.js';
import { keyframesOnGrid, NEEDS_KEYFRAME_SCAN, planLadder } from './ladder-plan.js';

function probeOf(video: Partial<StreamInfo>, extra: Partial<MediaProbe> = {}): MediaProbe {
  const v: StreamInfo = {
    index: 0,
    type: 'video',
    codec: 'h264',
    profile: 'High',
    level: 40,
    pixFmt: 'yuv420p',
    width: 1920,
    height: 1080,
    bitRate: 4_000_000,
    fps: 30,
    sar: '1:1',
    rotation: 0,
    attachedPicture: false,
    ...video,
  };
  return {
    container: { ext: 'mp4', mime: 'video/mp4', demuxer: 'mov' },
    formatName: 'mov,mp4',
    durationSeconds: 60,
    streams: [v],
    video: v,
    hasAudio: true,
    ...extra,
  };
}

const gridKeyframes = (duration: number, bitRate = 4_000_000): KeyframeScan => ({
  keyframeTimes: Array.from({ length: Math.ceil(duration / 2) }, (_, i) => i * 2),
  averageBitRate: bitRate,
  peakBitRate: bitRate * 1.2,
});

describe('planLadder', () => {
  it('keeps only the rungs that do not exceed the source height', () => {
    const plan = planLadder(probeOf({ width: 1280, height: 720, codec: 'vp9' }));
    expect(plan.renditions.map((r) => [r.name, r.width, r.height])).toEqual([
      ['720p', 1280, 720],
      ['480p', 854, 480],
      ['360p', 640, 360],
      ['240p', 426, 240],
    ]);
    expect(plan.renditions.every((r) => r.mode === 'encode')).toBe(true);
    expect(plan.gopFrames).toBe(60);
  });

  it('uses the short side for portrait video', () => {
    const plan = planLadder(probeOf({ width: 1080, height: 1920, codec: 'hevc' }));
    expect(plan.renditions[0]).toMatchObject({ name: '1080p', width: 1080, height: 1920 });
    expect(plan.renditions[1]).toMatchObject({ name: '720p', width: 720, height: 1280 });
  });

  it('gives a tiny source a single rendition at its own size', () => {
    const plan = planLadder(probeOf({ width: 320, height: 180, codec: 'mpeg4' }));
    expect(plan.renditions).toHaveLength(1);
    expect(plan.renditions[0]).toMatchObject({ width: 320, height: 180 });
  });

  it('raises the caps by half above 30 fps and halves frame rates above 60', () => {
    const at60 = planLadder(probeOf({ fps: 60, codec: 'hevc' }));
    expect(at60.renditions[0]!.maxrateKbps).toBe(7500);
    expect(at60.gopFrames).toBe(120);
    const at120 = planLadder(probeOf({ fps: 120, codec: 'hevc' }));
    expect(at120.fps).toBe(60);
    expect(at120.fpsFilter).toBe(60);
  });

  it('rounds the GOP of NTSC rates to whole frames', () => {
    expect(planLadder(probeOf({ fps: 30000 / 1001, codec: 'hevc' })).gopFrames).toBe(60);
    expect(planLadder(probeOf({ fps: 24000 / 1001, codec: 'hevc' })).gopFrames).toBe(48);
  });

  it('asks for a keyframe scan before deciding a copy', () => {
    expect(planLadder(probeOf({})).copyRefusedBecause).toBe(NEEDS_KEYFRAME_SCAN);
  });

  it('remuxes the top rendition of a conforming H.264 source and encodes the rest', () => {
    const plan = planLadder(probeOf({}), { keyframes: gridKeyframes(60) });
    expect(plan.renditions.map((r) => r.mode)).toEqual(['copy', 'encode', 'encode', 'encode', 'encode']);
    expect(plan.copyRefusedBecause).toBeUndefined();
  });

  it('copies everything when the source is the only rendition', () => {
    const plan = planLadder(probeOf({ width: 1280, height: 720 }), {
      keyframes: gridKeyframes(60, 2_000_000),
      onlyShortSides: [720],
    });
    expect(plan.renditions.map((r) => r.mode)).toEqual(['copy']);
  });

  it.each([
    [{ codec: 'hevc' }, /codec is hevc/],
    [{ pixFmt: 'yuv422p' }, /pixel format/],
    [{ profile: 'High 10' }, /profile/],
    [{ rotation: 90 }, /rotated/],
    [{ sar: '4:3' }, /square/],
    [{ width: 1920, height: 1040 }, /not a ladder size/],
  ])('encodes instead of copying when %j', (video, reason) => {
    const plan = planLadder(probeOf(video), { keyframes: gridKeyframes(60) });
    expect(plan.renditions[0]!.mode).toBe('encode');
    expect(plan.copyRefusedBecause).toMatch(reason);
  });

  it('encodes when the source is above the bit rate cap', () => {
    const plan = planLadder(probeOf({}), { keyframes: gridKeyframes(60, 9_000_000) });
    expect(plan.renditions[0]!.mode).toBe('encode');
    expect(plan.copyRefusedBecause).toMatch(/above the 5000 kbit\/s cap/);
  });

  it('encodes when the source keyframes are not on the 2 s grid', () => {
    const keyframes = { ...gridKeyframes(60), keyframeTimes: [0, 8.34, 16.68, 25.02] };
    const plan = planLadder(probeOf({}), { keyframes });
    expect(plan.renditions[0]!.mode).toBe('encode');
    expect(plan.copyRefusedBecause).toMatch(/keyframes/);
  });

  it('never copies when asked not to', () => {
    const plan = planLadder(probeOf({}), { keyframes: gridKeyframes(60), disableCopy: true });
    expect(plan.renditions[0]!.mode).toBe('encode');
  });

  it('chooses the audio: external WAV, the source, or none', () => {
    expect(planLadder(probeOf({}), { externalAudio: true }).audio).toBe('external');
    expect(planLadder(probeOf({})).audio).toBe('source');
    expect(planLadder(probeOf({}, { hasAudio: false })).audio).toBe('none');
  });
});

describe('keyframesOnGrid', () => {
  it('accepts keyframes every 2 s from the first one, with extra ones in between', () => {
    expect(keyframesOnGrid([0.067, 2.067, 3.1, 4.067, 6.067], 30, 7)).toBe(true);
  });

  it('refuses a missing grid point', () => {
    expect(keyframesOnGrid([0, 2, 6], 30, 7)).toBe(false);
  });

  it('tolerates half a frame of rounding (29.97 fps)', () => {
    expect(keyframesOnGrid([0, 2.002, 4.004, 6.006], 29.97, 7)).toBe(true);
  });
});
