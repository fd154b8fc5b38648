import { ANALYSIS_OFFSET_STEP_S, ANALYSIS_WINDOW_S } from '@/lib/constants';

/**
 * Start of the 30 s analysis window (spec viewer §4): the playback time rounded down to a
 * multiple of 5 s, capped at duration - 30 (whole seconds), never below 0. The api applies
 * its own rule (analysisOffset in libs/contracts, which the web app does not import) to the
 * number sent; contracts-agree.test.ts checks both land on the same window.
 */
export function analysisOffset(currentTime: number, duration: number): number {
  const stepped = Math.floor(Math.max(0, currentTime) / ANALYSIS_OFFSET_STEP_S) * ANALYSIS_OFFSET_STEP_S;
  const cap = Math.floor(duration - ANALYSIS_WINDOW_S);
  return Math.max(0, Math.min(stepped, cap));
}

/** Session id of the tracker calls: a timestamp and the user id. */
export function analysisSessionId(userId: number, now = Date.now()): string {
  return `${now}${userId}`;
}
