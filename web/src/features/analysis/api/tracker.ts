import { request, TRACKER_BASE } from '@/lib/api/client';
import type { FootprintInfo, Id, TrackerAnswer, WatermarkInfo } from '@/lib/api/types';

/** Protocol constants the tracker checks after the detected code (DESIGN §2.12). */
export const WM_PROTOCOL = [156, 300, 400] as const;

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
  return answer?.result?.wm_track ? answer.result : null;
}

/**
 * POST {tracker}/get_info_by_fp_nums: reads data.result. Beside the spec's fields it sends the
 * video and where the window starts in it, as the watermark call does, so the tracker can
 * place the match on the video's timeline and answer only a track the video plays there.
 */
export async function getInfoByFootprint(
  input: { footprint: number[]; sessionId: string; videoId: Id; startPos: number },
  signal?: AbortSignal,
): Promise<FootprintInfo | null> {
  const answer = await request<TrackerAnswer<FootprintInfo>>('get_info_by_fp_nums', {
    base: TRACKER_BASE,
    method: 'POST',
    signal,
    body: {
      fp_numbers: input.footprint,
      get_as_link: true,
      session_id: input.sessionId,
      video_id: input.videoId,
      start_pos: input.startPos,
    },
  });
  return answer?.result?.fp_track ? answer.result : null;
}
