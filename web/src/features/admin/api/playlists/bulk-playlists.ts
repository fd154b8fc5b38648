import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema.gen';
import { adminKeys } from '../keys';

export type PlaylistBulkRequest = components['schemas']['AdminPlaylistBulkDto'];
export type BulkResult = components['schemas']['AdminBulkResultDto'];

/** POST admin/playlists/bulk/: one action on chosen playlists or on everything a filter matches. */
export function bulkPlaylists(body: PlaylistBulkRequest): Promise<BulkResult> {
  return api('/cuviewTV/admin/playlists/bulk', { method: 'POST', body, auth: 'required' });
}

export function useBulkPlaylists() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkPlaylists,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.playlists });
      void queryClient.invalidateQueries({ queryKey: adminKeys.playlist(0).slice(0, 2) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.groups });
      void queryClient.invalidateQueries({ queryKey: adminKeys.group(0).slice(0, 2) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.banners });
    },
  });
}
