import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { PlaylistInfo, Status } from '../../types';
import { adminKeys, formData } from '../keys';

export type NewPlaylist = { title: string; status: Status; image: File | null };

/** POST add_playlist_for_admin/: multipart title, status and the optional thumbnail `image`. */
export function addPlaylist({ title, status, image }: NewPlaylist): Promise<PlaylistInfo> {
  return api('/cuviewTV/add_playlist_for_admin', {
    method: 'POST',
    body: formData({ title, status, image }),
    auth: 'required',
  });
}

export function useAddPlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPlaylist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.playlists }),
  });
}
