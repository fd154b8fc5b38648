import { useState } from 'react';
import { PlaylistCard } from '@/components/cards/PlaylistCard';
import { BackArrow } from '@/components/ui/BackArrow';
import { IconPlus, IconTrash } from '@/components/ui/icons';
import { Loading } from '@/components/ui/Loading';
import { useToast } from '@/components/ui/toast';
import { useScrollRestoration } from '@/hooks/scroll';
import { toMessage } from '@/lib/api/client';
import { myPlaylistHref } from '@/lib/links';
import { useDeletePlaylist } from '../api/delete-playlist';
import { useUserPlaylists } from '../api/get-user-playlists';
import { hasStoredToken } from '../guard';
import { CreatePlaylistForm } from './CreatePlaylistForm';

export const DELETE_PLAYLIST_CONFIRM = 'Delete Playlist?';

/** /myPlaylists: the person's playlists with a delete icon and a duration badge. */
export function MyPlaylistsScreen() {
  const q = useUserPlaylists();
  const remove = useDeletePlaylist();
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  useScrollRestoration('/myPlaylists', !q.isPending);

  return (
    <div className="page">
      <header className="page__header">
        <BackArrow />
        <h1>My Playlists</h1>
        <button
          type="button"
          className="button button--ghost page__action"
          onClick={() => setCreating((c) => !c)}
          aria-expanded={creating}
        >
          <IconPlus size={16} /> Create New
        </button>
      </header>
      {creating && <CreatePlaylistForm videoIds={[]} onDone={() => setCreating(false)} />}
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <p className="error-text">{toMessage(q.error)}</p>
      ) : q.data.length === 0 ? (
        <p className="muted empty">No Results</p>
      ) : (
        <>
          <h2 className="visually-hidden">Playlists</h2>
          <div className="grid">
            {q.data.map((p) => (
              <PlaylistCard
                key={p.id}
                playlist={p}
                to={myPlaylistHref(p.id, p.title)}
                tools={
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Delete playlist ${p.title}`}
                    disabled={remove.isPending}
                    onClick={() => {
                      if (!hasStoredToken() || !window.confirm(DELETE_PLAYLIST_CONFIRM)) return;
                      remove.mutate(p.id, {
                        onSuccess: () => toast.show('Playlist has been deleted'),
                        onError: (e) => toast.show(toMessage(e)),
                      });
                    }}
                  >
                    <IconTrash size={18} />
                  </button>
                }
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
