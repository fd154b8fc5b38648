import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FootprintInfo, WatermarkInfo } from '@/lib/api/types';
import { fakeJwt, mockFetch } from '@/testing/fetch-mock';
import { analysisReducer, useAnalysis, type AnalysisState } from './use-analysis';

const cleared: AnalysisState = {
  videoId: null,
  wmRunning: false,
  fpRunning: false,
  watermark: null,
  footprint: null,
  error: null,
  settled: false,
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

describe('an analysis that recognises nothing', () => {
  it('says so once both sides have ended, and forgets it when the next analysis starts', async () => {
    localStorage.setItem('access', fakeJwt());
    let answer: (() => void) | null = null;
    let calls = 0;
    // No watermark and no footprint in the window: neither side asks the tracker.
    mockFetch({
      'GET /cuviewTV/get_analyze_info/1/40/40/': () => {
        calls += 1;
        const empty = { json: { watermark: null, footprint: [], yt_link: '', offset: 40 } };
        return calls === 1 ? empty : new Promise((resolve) => (answer = () => resolve(empty)));
      },
    });
    const { result } = renderHook(() => useAnalysis({ videoId: 1, duration: 200, userId: 7, currentTime: () => 40 }));
    expect(result.current.notRecognised).toBe(false);
    act(() => result.current.start());
    await waitFor(() => expect(result.current.notRecognised).toBe(true));
    expect(result.current.running).toBe(false);

    act(() => result.current.start());
    expect(result.current.running).toBe(true);
    expect(result.current.notRecognised).toBe(false);
    await waitFor(() => expect(answer).not.toBeNull());
    act(() => answer!());
    await waitFor(() => expect(result.current.notRecognised).toBe(true));
  });

  it('is not claimed while a side has a track', () => {
    let state = analysisReducer(cleared, { type: 'start', videoId: 1 });
    state = analysisReducer(state, { type: 'wm', videoId: 1, value: null });
    expect(state.settled).toBe(false);
    state = analysisReducer(state, { type: 'fp', videoId: 1, value: fp('A') });
    expect(state).toMatchObject({ settled: true, wmRunning: false, fpRunning: false });
  });
});
