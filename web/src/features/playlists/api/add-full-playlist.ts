import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Id, Playlist } from '@/lib/api/types';
import { personalKey } from '@/lib/auth';
import { userPlaylistsKey } from './get-user-playlists';

export type AddFullPlaylistInput = { title: string; video_list: Id[] };

/** POST {prefix}/add_full_playlist/ {title, video_list}: creates a playlist holding the videos. */
export function addFullPlaylist(input: AddFullPlaylistInput): Promise<Playlist> {
  return api<Playlist>('add_full_playlist/', { method: 'POST', body: input, auth: 'required' });
}

export function useAddFullPlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFullPlaylist,
    onSuccess: (created) => {
      // A new full playlist goes first in the user's list (spec viewer §4).
      queryClient.setQueryData<Playlist[]>(userPlaylistsKey, (list) =>
        list && created?.id ? [created, ...list.filter((p) => p.id !== created.id)] : list,
      );
      void queryClient.invalidateQueries({ queryKey: personalKey });
    },
  });
}
