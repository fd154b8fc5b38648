import { useState } from 'react';
import { PlaylistGrid } from '@/components/cards/PlaylistGrid';
import { BackArrow } from '@/components/ui/BackArrow';
import { QueryResults } from '@/components/ui/QueryResults';
import { IconEdit, IconPlus, IconTrash } from '@/components/ui/icons';
import { useToast } from '@/components/ui/toast';
import { useScrollRestoration } from '@/hooks/scroll';
import { toMessage } from '@/lib/api/client';
import type { Playlist } from '@/lib/api/types';
import { myPlaylistHref } from '@/lib/links';
import { useDeletePlaylist } from '../api/delete-playlist';
import { useUserPlaylists } from '../api/get-user-playlists';
import { hasStoredToken } from '../guard';
import { CreatePlaylistForm } from './CreatePlaylistForm';
import { RenamePlaylistDialog } from './RenamePlaylistDialog';

export const DELETE_PLAYLIST_CONFIRM = 'Delete Playlist?';

/** /myPlaylists: the person's playlists with rename and delete icons and a duration badge. */
export function MyPlaylistsScreen() {
  const q = useUserPlaylists();
  const remove = useDeletePlaylist();
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<Playlist | null>(null);
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
      <QueryResults query={q} items={(d) => d}>
        {(data) => (
          <PlaylistGrid
            playlists={data}
            cardFor={(p) => ({
              to: myPlaylistHref(p.id, p.title),
              tools: (
                <>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Rename playlist ${p.title}`}
                    onClick={() => setRenaming(p)}
                  >
                    <IconEdit size={18} />
                  </button>
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
                </>
              ),
            })}
          />
        )}
      </QueryResults>
      {renaming && <RenamePlaylistDialog playlist={renaming} onClose={() => setRenaming(null)} />}
    </div>
  );
}
