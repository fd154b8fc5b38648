import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Id, Playlist, PlaylistDetail } from '@/lib/api/types';
import { personalKey } from '@/lib/auth';
import { userPlaylistsKey } from './get-user-playlists';

export type AddFullPlaylistInput = { title: string; video_list: Id[] };

/** POST {prefix}/add_full_playlist/ {title, video_list}: creates a playlist holding the videos. */
export function addFullPlaylist(input: AddFullPlaylistInput): Promise<PlaylistDetail> {
  return api('/cuviewTV/add_full_playlist', { method: 'POST', body: input, auth: 'required' });
}

/** The list entry of a playlist just created (add_full_playlist answers its detail). */
function toListEntry(created: PlaylistDetail): Playlist {
  const first = created.videos[0];
  return {
    id: created.id,
    title: created.title,
    duration: created.duration,
    video_id: created.video_id,
    video: first ? { id: first.id, scripted_bunny_path: first.scripted_bunny_path } : null,
    user_id: created.user_id,
    group_id: created.group_id,
    position: null,
    number_of_videos: created.videos.length,
  };
}

export function useAddFullPlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFullPlaylist,
    onSuccess: (created) => {
      // A new full playlist goes first in the user's list (spec viewer §4).
      queryClient.setQueryData<Playlist[]>(userPlaylistsKey, (list) =>
        list && created?.id ? [toListEntry(created), ...list.filter((p) => p.id !== created.id)] : list,
      );
      void queryClient.invalidateQueries({ queryKey: personalKey });
    },
  });
}
