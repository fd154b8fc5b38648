/** The analysed audio window (DESIGN.md §2.12): its length and the step its start moves by. */
export const ANALYSIS_WINDOW_SECONDS = 30;
export const ANALYSIS_OFFSET_STEP_SECONDS = 5;

/**
 * Start of the analysed window (spec viewer §4): the requested time rounded down to a multiple
 * of 5 s, capped at duration − 30 (itself rounded down to a multiple of 5), never below 0.
 * The web app keeps its own copy (web/src/features/analysis/offset.ts: it does not import
 * the server's libraries); a web unit test holds the two together.
 */
export function analysisOffset(requested: number, duration: number): number {
  const step = ANALYSIS_OFFSET_STEP_SECONDS;
  const cap = Math.max(0, Math.floor((duration - ANALYSIS_WINDOW_SECONDS) / step) * step);
  return Math.max(0, Math.min(Math.floor(requested / step) * step, cap));
}
