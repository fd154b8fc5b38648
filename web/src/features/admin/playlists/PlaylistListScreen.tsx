import { Link, useSearchParams } from 'react-router';
import { IconCopy, IconPlus } from '@/components/ui/icons';
import { Img } from '@/components/ui/Img';
import { Pagination } from '@/components/ui/Pagination';
import { useToast } from '@/components/ui/toast';
import { toMessage } from '@/lib/api/client';
import { copyText } from '@/lib/clipboard';
import { COPY_TOAST_MS } from '@/lib/constants';
import { countLabel, formatDuration } from '@/lib/format';
import { staffImageUrl } from '@/lib/images';
import { playlistHref } from '@/lib/links';
import { useDeletePlaylist } from '../api/playlists/delete-playlist';
import { usePlaylistSuggestions } from '../api/playlists/get-playlist-suggestions';
import { usePlaylists } from '../api/playlists/get-playlists';
import { listState } from '../components/ListState';
import { SuggestSearch } from '../components/SuggestSearch';
import { useNotify } from '../hooks/use-notify';
import { ADMIN_PAGE_SIZE, MSG } from '../messages';
import { PlaylistRowActions } from './PlaylistRowActions';

export function formatUpdated(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** The public address of a playlist (spec §9: /playlist/{id}/{title}). */
export function publicPlaylistLink(p: { id: number; title: string }): string {
  return `${window.location.origin}${playlistHref(p.id, p.title)}`;
}

/** /adminPlaylists (spec §2): cover, title, duration, updated, actions; search with suggestions. */
export function PlaylistListScreen() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('q') ?? '';
  const q = usePlaylists(search, page);
  const remove = useDeletePlaylist();
  const toast = useToast();
  const notify = useNotify();

  const go = (next: { q?: string; page?: number }) => {
    const p = new URLSearchParams();
    const text = next.q ?? search;
    if (text) p.set('q', text);
    if (next.page && next.page > 1) p.set('page', String(next.page));
    setParams(p);
  };

  const playlists = q.data?.playlists ?? [];
  const pages = Math.ceil((q.data?.playlistLength ?? 0) / ADMIN_PAGE_SIZE);
  const state = listState(q, playlists.length === 0, search ? MSG.noSearchResult : MSG.noResult, MSG.someError);

  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <h1>PLAYLISTS</h1>
        <Link to="/addPlaylist" className="button button--primary">
          <IconPlus size={16} /> Create New Playlist
        </Link>
      </header>
      <div className="admin-toolbar">
        <SuggestSearch
          key={search}
          label="Search playlists"
          initial={search}
          suggestions={usePlaylistSuggestions}
          onSearch={(text) => go({ q: text, page: 1 })}
        />
        {search && (
          <button type="button" className="link-button" onClick={() => go({ q: '', page: 1 })}>
            Show all playlists
          </button>
        )}
      </div>
      {state ?? (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--cards">
            <thead>
              <tr>
                <th scope="col">Cover</th>
                <th scope="col">Title</th>
                <th scope="col">Duration</th>
                <th scope="col">Updated</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {playlists.map((p) => (
                <tr key={p.id} className={p.status ? undefined : 'is-off'}>
                  <td>
                    <Img className="admin-table__cover" src={staffImageUrl(p.image)} alt="" />
                  </td>
                  <td>
                    <Link to={`/editPlaylist/${p.id}`} className="admin-table__title">
                      {p.title}
                    </Link>
                    <span className="muted"> · {countLabel(p.number_of_videos, 'video')}</span>
                    {!p.status && <span className="muted"> (access off)</span>}
                  </td>
                  <td>{formatDuration(p.duration)}</td>
                  <td>{formatUpdated(p.updated)}</td>
                  <td>
                    <PlaylistRowActions
                      playlist={p}
                      confirm={MSG.deletePlaylistConfirm}
                      onDelete={() => remove.mutate(p.id, notify(MSG.playlistDeleted))}
                    >
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={`Copy public link of ${p.title}`}
                        onClick={() =>
                          copyText(publicPlaylistLink(p)).then(
                            () => toast.show(MSG.copied, COPY_TOAST_MS),
                            (e: unknown) => toast.show(toMessage(e)),
                          )
                        }
                      >
                        <IconCopy size={18} />
                      </button>
                    </PlaylistRowActions>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pages={pages} onChange={(n) => go({ page: n })} />
    </div>
  );
}
