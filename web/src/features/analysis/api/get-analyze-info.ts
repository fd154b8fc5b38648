import { api } from '@/lib/api/client';
import type { AnalyzeInfo, Id } from '@/lib/api/types';

/** GET {prefix}/get_analyze_info/{videoId}/{currentTime}/{offset}/ (signed in, cancellable). */
export function getAnalyzeInfo(
  videoId: Id,
  currentTime: number,
  offset: number,
  signal?: AbortSignal,
): Promise<AnalyzeInfo> {
  return api('/cuviewTV/get_analyze_info/{videoId}/{currentTime}/{offset}', {
    path: { videoId, currentTime: Math.floor(currentTime), offset },
    auth: 'required',
    signal,
  });
}
