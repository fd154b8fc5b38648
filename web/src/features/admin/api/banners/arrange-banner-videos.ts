import { api } from '@/lib/api/client';
import type { Banner } from '../../types';

/** GET arrange_banner_videos/{from_position}/{to_position}/: move semantics; answers the new order. */
export function arrangeBannerVideos({ from, to }: { from: number; to: number }): Promise<Banner[]> {
  return api('/cuviewTV/arrange_banner_videos/{from_position}/{to_position}', {
    path: { from_position: from, to_position: to },
    auth: 'required',
  });
}
