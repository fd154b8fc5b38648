import { useState } from 'react';
import { Modal } from '@/components/ui/Modal';
import { Loading } from '@/components/ui/Loading';
import { IconCheck, IconPlus } from '@/components/ui/icons';
import { useToast } from '@/components/ui/toast';
import { toMessage } from '@/lib/api/client';
import type { Id } from '@/lib/api/types';
import { useAddPlaylistVideo } from '../api/add-playlist-video';
import { useCheckPlaylist } from '../api/check-playlist';
import { useDeletePlaylistVideo } from '../api/delete-playlist-video';
import { useUserPlaylists } from '../api/get-user-playlists';
import { CreatePlaylistForm } from './CreatePlaylistForm';

/**
 * Add-to-playlist popup: the user's playlists with on/off marks (for a single video, from
 * check_playlist), a click adds (or, when marked, removes) the video; Create New opens the
 * Create Playlist box.
 */
export function AddToDialog({
  videoIds,
  onClose,
  onAdded,
}: {
  videoIds: Id[];
  onClose: () => void;
  onAdded?: (playlistId: Id, groupId: Id | null) => void;
}) {
  const single = videoIds.length === 1 ? videoIds[0]! : null;
  const playlists = useUserPlaylists();
  const marks = useCheckPlaylist(single);
  const add = useAddPlaylistVideo();
  const remove = useDeletePlaylistVideo();
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const inPlaylist = new Set(marks.data ?? []);

  return (
    <Modal title="Add to playlist" onClose={onClose} className="add-to">
      {playlists.isPending ? (
        <Loading />
      ) : playlists.isError ? (
        <p className="error-text">{toMessage(playlists.error)}</p>
      ) : (
        <ul className="add-to__list">
          {playlists.data.length === 0 && <li className="muted">No playlists yet</li>}
          {playlists.data.map((p) => {
            const on = inPlaylist.has(p.id);
            return (
              <li key={p.id}>
                <button
                  type="button"
                  className={`add-to__item${on ? ' is-on' : ''}`}
                  aria-pressed={single !== null ? on : undefined}
                  // Until check_playlist answers, a tap could add what the person meant to remove.
                  aria-busy={single !== null && marks.isPending}
                  disabled={add.isPending || remove.isPending || (single !== null && marks.isPending)}
                  onClick={() => {
                    if (on && single !== null) {
                      remove.mutate(
                        { videoId: single, playlistId: p.id },
                        {
                          onSuccess: () => toast.show('Video has been deleted from playlist'),
                          onError: (e) => toast.show(toMessage(e)),
                        },
                      );
                      return;
                    }
                    add.mutate(
                      { playlistId: p.id, videoIds },
                      {
                        onSuccess: () => {
                          toast.show('Video has been added to playlist');
                          onAdded?.(p.id, p.group_id ?? null);
                        },
                        onError: (e) => toast.show(toMessage(e)),
                      },
                    );
                  }}
                >
                  <span className="add-to__mark" aria-hidden="true">
                    {on ? <IconCheck size={16} /> : null}
                  </span>
                  <span className="add-to__name">{p.title}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {creating ? (
        <CreatePlaylistForm
          videoIds={videoIds}
          onDone={() => setCreating(false)}
          onCreated={(playlist) => {
            if (playlist?.id) onAdded?.(playlist.id, playlist.group_id ?? null);
          }}
        />
      ) : (
        <button type="button" className="button button--ghost add-to__create" onClick={() => setCreating(true)}>
          <IconPlus size={16} /> Create New
        </button>
      )}
    </Modal>
  );
}
