import { api } from '@/lib/api/client';
import type { Group } from '../../types';

/** GET arrange_groups/{from_position}/{to_position}/: move semantics; answers the new order. */
export function arrangeGroups({ from, to }: { from: number; to: number }): Promise<Group[]> {
  return api('/cuviewTV/arrange_groups/{from_position}/{to_position}', {
    path: { from_position: from, to_position: to },
    auth: 'required',
  });
}
