import { request, TRACKER_BASE } from '@/lib/api/client';
import type { FootprintInfo, Id, RecognisedTrack, TrackerAnswer, WatermarkInfo } from '@/lib/api/types';

/** Protocol constants the tracker checks after the detected code (DESIGN §2.12). */
export const WM_PROTOCOL = [156, 300, 400] as const;

/**
 * data.result is watermark_info / footprint_info in the spec (the track under wm_track /
 * fp_track, beside result_link); the tracker answers the recognised track itself, with its
 * result_link inside. Both shapes are read.
 */
function unwrap(result: unknown, key: 'wm_track' | 'fp_track'): { track: RecognisedTrack; link: string | null } | null {
  if (!result || typeof result !== 'object') return null;
  const wrapped = result as Record<string, unknown>;
  if (key in wrapped) {
    const track = wrapped[key] as RecognisedTrack | null;
    return track ? { track, link: (wrapped.result_link as string | null | undefined) ?? null } : null;
  }
  const track = result as RecognisedTrack & { result_link?: string | null };
  return 'track_id' in track ? { track, link: track.result_link ?? null } : null;
}

/** POST {tracker}/get_info_by_wm_nums: reads data.result. */
export async function getInfoByWatermark(
  input: { watermark: number; sessionId: string; videoId: Id; startPos: number },
  signal?: AbortSignal,
): Promise<WatermarkInfo | null> {
  const answer = await request<TrackerAnswer<WatermarkInfo>>('get_info_by_wm_nums', {
    base: TRACKER_BASE,
    method: 'POST',
    signal,
    body: {
      wm_numbers: [input.watermark, ...WM_PROTOCOL],
      get_as_link: true,
      session_id: input.sessionId,
      video_id: input.videoId,
      start_pos: input.startPos,
    },
  });
  const found = unwrap(answer?.result, 'wm_track');
  return found && { wm_track: found.track, result_link: found.link };
}

/** POST {tracker}/get_info_by_fp_nums: reads data.result. */
export async function getInfoByFootprint(
  input: { footprint: number[]; sessionId: string },
  signal?: AbortSignal,
): Promise<FootprintInfo | null> {
  const answer = await request<TrackerAnswer<FootprintInfo>>('get_info_by_fp_nums', {
    base: TRACKER_BASE,
    method: 'POST',
    signal,
    body: { fp_numbers: input.footprint, get_as_link: true, session_id: input.sessionId },
  });
  const found = unwrap(answer?.result, 'fp_track');
  return found && { fp_track: found.track, result_link: found.link };
}
