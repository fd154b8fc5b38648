import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { PlaylistInfo } from '../../types';
import { adminKeys, formData } from '../keys';

/** PUT edit_playlist_thumbnail/{playlist_id}/: multipart `image` (JPEG or PNG). */
export function editPlaylistThumbnail({ id, image }: { id: number; image: File }): Promise<PlaylistInfo> {
  return api('/cuviewTV/edit_playlist_thumbnail/{playlist_id}', {
    path: { playlist_id: id },
    method: 'PUT',
    body: formData({ image }),
    auth: 'required',
  });
}

export function useEditPlaylistThumbnail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editPlaylistThumbnail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.playlists }),
  });
}
