import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Id } from '@/lib/api/types';
import { customPlaylistKey } from './get-custom-playlist';

export type ArrangeInput = { playlistId: Id; from: number; to: number };

/**
 * GET {prefix}/arrange_videos/{playlist_id}/{position1}/{position2}/: the dragged video
 * takes the target's position and those between shift by one (DESIGN §2.7).
 */
export function arrangeVideos({ playlistId, from, to }: ArrangeInput): Promise<unknown> {
  return api('/cuviewTV/arrange_videos/{playlist_id}/{position1}/{position2}', {
    path: { playlist_id: playlistId, position1: from, position2: to },
    auth: 'required',
  });
}

export function useArrangeVideos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: arrangeVideos,
    onError: (_error, { playlistId }) => {
      // The local order is wrong now: take the server's again.
      void queryClient.invalidateQueries({ queryKey: customPlaylistKey(playlistId) });
    },
  });
}
