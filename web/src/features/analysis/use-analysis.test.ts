import { describe, expect, it } from 'vitest';
import type { FootprintInfo, WatermarkInfo } from '@/lib/api/types';
import { analysisReducer, type AnalysisState } from './use-analysis';

const cleared: AnalysisState = {
  videoId: null,
  wmRunning: false,
  fpRunning: false,
  watermark: null,
  footprint: null,
  error: null,
};
const wm = (title: string) => ({ wm_track: { track_id: 1, track_title: title }, result_link: '' }) as WatermarkInfo;
const fp = (title: string) => ({ fp_track: { track_id: 1, track_title: title }, result_link: '' }) as FootprintInfo;

describe('analysis state', () => {
  it('keeps answers per video: a late answer for another video is dropped', () => {
    let state = analysisReducer(cleared, { type: 'start', videoId: 1 });
    state = analysisReducer(state, { type: 'wm', videoId: 1, value: wm('A') });
    state = analysisReducer(state, { type: 'start', videoId: 2 });
    expect(state).toMatchObject({ videoId: 2, watermark: null, footprint: null, wmRunning: true });
    state = analysisReducer(state, { type: 'fp', videoId: 1, value: fp('A') });
    expect(state.footprint).toBeNull();
    state = analysisReducer(state, { type: 'fp', videoId: 2, value: fp('B') });
    expect(state.footprint?.fp_track?.track_title).toBe('B');
  });

  it('replaces an answer by the next one of the same video, an empty one too', () => {
    let state = analysisReducer(cleared, { type: 'start', videoId: 1 });
    state = analysisReducer(state, { type: 'wm', videoId: 1, value: wm('A') });
    state = analysisReducer(state, { type: 'start', videoId: 1 });
    expect(state.watermark?.wm_track?.track_title).toBe('A');
    state = analysisReducer(state, { type: 'wm', videoId: 1, value: null });
    expect(state.watermark).toBeNull();
  });
});
