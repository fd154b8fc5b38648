import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Id, Playlist, PlaylistDetail } from '@/lib/api/types';
import { playlistVideosKey } from '@/lib/playlist-keys';
import { customPlaylistKey } from './get-custom-playlist';
import { userPlaylistsKey } from './get-user-playlists';

export type RenamePlaylistInput = { playlistId: Id; title: string };

/** PUT {prefix}/rename_playlist/{playlistId}/ {title} (beyond the spec): answers the list entry. */
export function renamePlaylist({ playlistId, title }: RenamePlaylistInput): Promise<Playlist> {
  return api('/cuviewTV/rename_playlist/{playlistId}', {
    path: { playlistId },
    method: 'PUT',
    body: { title },
    auth: 'required',
  });
}

export function useRenamePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renamePlaylist,
    onSuccess: (renamed, { playlistId }) => {
      // The new name shows at once wherever the playlist is held (My Playlists, the carousels,
      // the add-to list, its own page, the player); the refetches then confirm it.
      const { title } = renamed;
      queryClient.setQueryData<Playlist[]>(userPlaylistsKey, (list) =>
        list?.map((p) => (p.id === playlistId ? { ...p, title } : p)),
      );
      queryClient.setQueryData<PlaylistDetail>(customPlaylistKey(playlistId), (detail) =>
        detail ? { ...detail, title } : detail,
      );
      void queryClient.invalidateQueries({ queryKey: userPlaylistsKey });
      void queryClient.invalidateQueries({ queryKey: customPlaylistKey(playlistId) });
      void queryClient.invalidateQueries({ queryKey: playlistVideosKey(playlistId) });
    },
  });
}
