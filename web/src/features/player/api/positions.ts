import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiUrl } from '@/lib/api/client';
import { getAccessToken } from '@/lib/api/tokens';
import type { SavedPosition } from '@/lib/api/types';
import { personalKey } from '@/lib/auth';

const SAVE_PATH = '/cuviewTV/save_positions';

/** POST {prefix}/save_positions/ (signed in): a batch, one entry per video. */
export function savePositions(positions: SavedPosition[]): Promise<unknown> {
  return api(SAVE_PATH, { method: 'POST', body: { positions }, auth: 'required' });
}

/**
 * The same call for a page being left: a keepalive fetch outlives the page (sendBeacon cannot
 * carry the Authorization header). No refresh is possible at that moment; a token that has
 * just expired loses the last few seconds, which the periodic saves already hold.
 */
export function savePositionsOnLeave(positions: SavedPosition[]): void {
  const token = getAccessToken();
  if (!token) return;
  void fetch(apiUrl(SAVE_PATH), {
    method: 'POST',
    keepalive: true,
    headers: { 'Content-Type': 'application/json', Authorization: `JWT ${token}` },
    body: JSON.stringify({ positions }),
  }).catch(() => undefined);
}

export const positionsKey = [...personalKey, 'positions'] as const;

/** GET {prefix}/get_position/{videoId}/: where to resume (null: from the start). */
export const resumePositionQueryOptions = (videoId: number) =>
  queryOptions({
    queryKey: [...positionsKey, 'resume', videoId],
    queryFn: () => api('/cuviewTV/get_position/{videoId}', { path: { videoId }, auth: 'required' }),
    // Asked once as the video opens; a later answer must not jump the playing video.
    staleTime: 0,
    gcTime: 0,
  });

/** GET {prefix}/get_continue_watching/: videos stopped in the middle, newest first. */
export function useContinueWatching(enabled: boolean) {
  return useQuery({
    queryKey: [...positionsKey, 'continue'],
    queryFn: () => api('/cuviewTV/get_continue_watching', { auth: 'required' }),
    enabled,
  });
}
