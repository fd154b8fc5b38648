import { useCallback, useEffect, useReducer, useRef } from 'react';
import { toMessage } from '@/lib/api/client';
import type { FootprintInfo, Id, WatermarkInfo } from '@/lib/api/types';
import { ANALYSIS_START_DELAY_MS } from '@/lib/constants';
import { StorageKey, writeLocal } from '@/lib/storage';
import { getAnalyzeInfo } from './api/get-analyze-info';
import { getInfoByFootprint, getInfoByWatermark } from './api/tracker';
import { analysisOffset, analysisSessionId } from './offset';

export type AnalysisState = {
  /** The video the results belong to: results are never shown for another one. */
  videoId: Id | null;
  wmRunning: boolean;
  fpRunning: boolean;
  watermark: WatermarkInfo | null;
  footprint: FootprintInfo | null;
  error: string | null;
  /**
   * Both sides of the last analysis have answered (not stopped, not failed): with no track on
   * either, the viewer is told nothing was recognised instead of a silent ANALYZE.
   */
  settled: boolean;
};

type Action =
  | { type: 'start'; videoId: Id }
  | { type: 'wm'; videoId: Id; value: WatermarkInfo | null }
  | { type: 'fp'; videoId: Id; value: FootprintInfo | null }
  | { type: 'error'; videoId: Id; message: string }
  | { type: 'stop' }
  | { type: 'clear' };

const initial: AnalysisState = {
  videoId: null,
  wmRunning: false,
  fpRunning: false,
  watermark: null,
  footprint: null,
  error: null,
  settled: false,
};

/**
 * Each answer names the window it was asked for: a new answer replaces the previous one (an
 * empty answer too, the previous track may no longer be playing), and an answer for another
 * video than the one being analysed is dropped.
 */
export function analysisReducer(state: AnalysisState, action: Action): AnalysisState {
  switch (action.type) {
    case 'start':
      return action.videoId === state.videoId
        ? { ...state, wmRunning: true, fpRunning: true, error: null, settled: false }
        : { ...initial, videoId: action.videoId, wmRunning: true, fpRunning: true };
    case 'wm':
      return action.videoId === state.videoId
        ? { ...state, wmRunning: false, watermark: action.value, settled: !state.fpRunning }
        : state;
    case 'fp':
      return action.videoId === state.videoId
        ? { ...state, fpRunning: false, footprint: action.value, settled: !state.wmRunning }
        : state;
    case 'error':
      return action.videoId === state.videoId
        ? { ...state, wmRunning: false, fpRunning: false, error: action.message }
        : state;
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
    dispatch({ type: 'start', videoId: vid });
    const t = now();
    const offset = analysisOffset(t, dur);
    const sessionId = analysisSessionId(uid);
    writeLocal(StorageKey.session, sessionId);
    try {
      const info = await getAnalyzeInfo(vid, t, offset, ctl.signal);
      const wm =
        info.watermark !== null && info.watermark !== undefined
          ? getInfoByWatermark(
              { watermark: info.watermark, sessionId, videoId: vid, startPos: info.offset },
              ctl.signal,
            )
          : Promise.resolve(null);
      const fp = info.footprint?.length
        ? getInfoByFootprint({ footprint: info.footprint, sessionId, videoId: vid, startPos: info.offset }, ctl.signal)
        : Promise.resolve(null);
      // Each side lands on its own; ANALYZE comes back when both have ended.
      await Promise.all([
        wm.then(
          (value) => !ctl.signal.aborted && dispatch({ type: 'wm', videoId: vid, value }),
          () => !ctl.signal.aborted && dispatch({ type: 'wm', videoId: vid, value: null }),
        ),
        fp.then(
          (value) => !ctl.signal.aborted && dispatch({ type: 'fp', videoId: vid, value }),
          () => !ctl.signal.aborted && dispatch({ type: 'fp', videoId: vid, value: null }),
        ),
      ]);
    } catch (error) {
      if (!ctl.signal.aborted) dispatch({ type: 'error', videoId: vid, message: toMessage(error) });
    }
  }, []);

  /** Abort whatever runs and forget the results (a new video, or the same one from its start). */
  const reset = useCallback(() => {
    clearTimeout(timer.current);
    controller.current?.abort();
    controller.current = null;
    scheduledFor.current = null;
    dispatch({ type: 'clear' });
  }, []);

  const schedule = useCallback(
    (vid: Id) => {
      scheduledFor.current = vid;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void start(), ANALYSIS_START_DELAY_MS);
    },
    [start],
  );

  /** Call when playback starts; the first start of each video schedules the analysis. */
  const onPlaybackStart = useCallback(() => {
    const vid = live.current.videoId;
    if (vid === null || scheduledFor.current === vid) return;
    schedule(vid);
  }, [schedule]);

  /** The video plays again from its start: a fresh analysis 4.5 s in, as for a new video. */
  const restart = useCallback(() => {
    reset();
    const vid = live.current.videoId;
    if (vid !== null) schedule(vid);
  }, [reset, schedule]);

  // A new video: abort and forget the previous analysis.
  useEffect(() => reset(), [videoId, reset]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      controller.current?.abort();
    },
    [],
  );

  // Until the reset above has run (an effect, after this render), the results still name the
  // previous video: never hand them out with the new one.
  const current = state.videoId === videoId ? state : initial;
  const running = current.wmRunning || current.fpRunning;
  const resultLink = current.watermark?.result_link || current.footprint?.result_link || null;
  const notRecognised =
    current.settled && !running && !current.error && !current.watermark?.wm_track && !current.footprint?.fp_track;
  return {
    state: current,
    running,
    resultLink,
    notRecognised,
    start: () => void start(),
    stop,
    restart,
    onPlaybackStart,
  };
}
