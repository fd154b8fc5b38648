import { useCallback, useEffect, useReducer, useRef } from 'react';
import { toMessage } from '@/lib/api/client';
import type { FootprintInfo, Id, WatermarkInfo } from '@/lib/api/types';
import { ANALYSIS_START_DELAY_MS } from '@/lib/constants';
import { StorageKey, writeLocal } from '@/lib/storage';
import { getAnalyzeInfo } from './api/get-analyze-info';
import { getInfoByFootprint, getInfoByWatermark } from './api/tracker';
import { analysisOffset, analysisSessionId } from './offset';

export type AnalysisState = {
  wmRunning: boolean;
  fpRunning: boolean;
  watermark: WatermarkInfo | null;
  footprint: FootprintInfo | null;
  error: string | null;
};

type Action =
  | { type: 'start' }
  | { type: 'wm'; value: WatermarkInfo | null }
  | { type: 'fp'; value: FootprintInfo | null }
  | { type: 'error'; message: string }
  | { type: 'stop' }
  | { type: 'clear' };

const initial: AnalysisState = { wmRunning: false, fpRunning: false, watermark: null, footprint: null, error: null };

export function analysisReducer(state: AnalysisState, action: Action): AnalysisState {
  switch (action.type) {
    case 'start':
      return { ...state, wmRunning: true, fpRunning: true, error: null };
    case 'wm':
      return { ...state, wmRunning: false, watermark: action.value ?? state.watermark };
    case 'fp':
      return { ...state, fpRunning: false, footprint: action.value ?? state.footprint };
    case 'error':
      return { ...state, wmRunning: false, fpRunning: false, error: action.message };
    case 'stop':
      return { ...state, wmRunning: false, fpRunning: false };
    case 'clear':
      return initial;
  }
}

/**
 * Analysis of the playing moment (spec viewer §4): starts 4.5 s after playback starts, asks
 * the API for the window's watermark and footprint numbers, then the tracker for both
 * answers. STOP aborts the running requests; a new video aborts and clears everything.
 */
export function useAnalysis({
  videoId,
  duration,
  userId,
  currentTime,
}: {
  videoId: Id | null;
  duration: number;
  userId: Id | null;
  currentTime: () => number;
}) {
  const [state, dispatch] = useReducer(analysisReducer, initial);
  const controller = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const scheduledFor = useRef<Id | null>(null);
  const live = useRef({ videoId, duration, userId, currentTime });
  live.current = { videoId, duration, userId, currentTime };

  const stop = useCallback(() => {
    clearTimeout(timer.current);
    controller.current?.abort();
    controller.current = null;
    dispatch({ type: 'stop' });
  }, []);

  const start = useCallback(async () => {
    const { videoId: vid, duration: dur, userId: uid, currentTime: now } = live.current;
    if (vid === null || uid === null) return;
    controller.current?.abort();
    const ctl = new AbortController();
    controller.current = ctl;
    dispatch({ type: 'start' });
    const t = now();
    const offset = analysisOffset(t, dur);
    const sessionId = analysisSessionId(uid);
    writeLocal(StorageKey.session, sessionId);
    try {
      const info = await getAnalyzeInfo(vid, t, offset, ctl.signal);
      const wm =
        info.watermark !== null && info.watermark !== undefined
          ? getInfoByWatermark({ watermark: info.watermark, sessionId, videoId: vid, startPos: offset }, ctl.signal)
          : Promise.resolve(null);
      const fp = info.footprint?.length
        ? getInfoByFootprint({ footprint: info.footprint, sessionId }, ctl.signal)
        : Promise.resolve(null);
      // Each side lands on its own; ANALYZE comes back when both have ended.
      await Promise.all([
        wm.then(
          (value) => !ctl.signal.aborted && dispatch({ type: 'wm', value }),
          () => !ctl.signal.aborted && dispatch({ type: 'wm', value: null }),
        ),
        fp.then(
          (value) => !ctl.signal.aborted && dispatch({ type: 'fp', value }),
          () => !ctl.signal.aborted && dispatch({ type: 'fp', value: null }),
        ),
      ]);
    } catch (error) {
      if (!ctl.signal.aborted) dispatch({ type: 'error', message: toMessage(error) });
    }
  }, []);

  /** Call when playback starts; the first start of each video schedules the analysis. */
  const onPlaybackStart = useCallback(() => {
    const vid = live.current.videoId;
    if (vid === null || scheduledFor.current === vid) return;
    scheduledFor.current = vid;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void start(), ANALYSIS_START_DELAY_MS);
  }, [start]);

  useEffect(() => {
    // A new video: abort and forget the previous analysis.
    clearTimeout(timer.current);
    controller.current?.abort();
    controller.current = null;
    scheduledFor.current = null;
    dispatch({ type: 'clear' });
  }, [videoId]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      controller.current?.abort();
    },
    [],
  );

  const running = state.wmRunning || state.fpRunning;
  const resultLink = state.watermark?.result_link || state.footprint?.result_link || null;
  return { state, running, resultLink, start: () => void start(), stop, onPlaybackStart };
}
