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
    images: created.images,
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
      // Spec viewer §4: a new playlist is appended to the user's list, a new full one (created
      // with videos) goes first; get_user_playlists answers the same order once refetched.
      queryClient.setQueryData<Playlist[]>(userPlaylistsKey, (list) => {
        if (!list || !created?.id) return list;
        const others = list.filter((p) => p.id !== created.id);
        const entry = toListEntry(created);
        return created.videos.length > 0 ? [entry, ...others] : [...others, entry];
      });
      void queryClient.invalidateQueries({ queryKey: personalKey });
    },
  });
}
