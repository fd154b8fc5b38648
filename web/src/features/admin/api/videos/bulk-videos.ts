import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema.gen';
import { adminKeys } from '../keys';

export type VideoBulkRequest = components['schemas']['AdminVideoBulkDto'];
export type BulkResult = components['schemas']['AdminBulkResultDto'];

/** POST admin/videos/bulk/: one action on chosen videos or on everything a filter matches. */
export function bulkVideos(body: VideoBulkRequest): Promise<BulkResult> {
  return api('/cuviewTV/admin/videos/bulk', { method: 'POST', body, auth: 'required' });
}

export function useBulkVideos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkVideos,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.videos });
      void queryClient.invalidateQueries({ queryKey: adminKeys.playlists });
      void queryClient.invalidateQueries({ queryKey: adminKeys.playlist(0).slice(0, 2) });
    },
  });
}
