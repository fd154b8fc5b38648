import { useState } from 'react';
import { Link } from 'react-router';
import { IconCopy, IconPlus } from '@/components/ui/icons';
import { Pagination } from '@/components/ui/Pagination';
import { useToast } from '@/components/ui/toast';
import { toMessage } from '@/lib/api/client';
import { copyText } from '@/lib/clipboard';
import { COPY_TOAST_MS } from '@/lib/constants';
import { countLabel, formatDuration } from '@/lib/format';
import { playlistHref } from '@/lib/links';
import { useDeletePlaylist } from '../api/playlists/delete-playlist';
import { usePlaylistSuggestions } from '../api/playlists/get-playlist-suggestions';
import { usePlaylistPage, type PlaylistPageQuery } from '../api/playlists/browse-playlists';
import { useGroups } from '../api/themes/get-groups';
import { DateFilter, FilterSelect, ListOptions, SortHeader } from '../components/ListControls';
import { listState } from '../components/ListState';
import { GroupPickerDialog } from '../components/PickerDialogs';
import { SuggestSearch } from '../components/SuggestSearch';
import { CoverTitleCells } from '../components/CoverTitleCells';
import { useNotify } from '../hooks/use-notify';
import { useListParams } from '../hooks/use-list-params';
import { MSG } from '../messages';
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

const SORTS = [
  { value: 'updated', label: 'Changed' },
  { value: 'created', label: 'Added' },
  { value: 'title', label: 'Title' },
  { value: 'duration', label: 'Duration' },
  { value: 'access', label: 'Access' },
] as const;

/**
 * /adminPlaylists (spec §2, issue 15): cover, title, duration, updated, actions; search with
 * suggestions; sorted by its headings or the Sort menu, filtered by access, days added and
 * theme, 10 to 100 per page, the whole view in the address.
 */
export function PlaylistListScreen() {
  const list = useListParams();
  const { get } = list;
  const search = get('q');
  const sort = get('sort') || (search ? '' : 'updated');
  const dated = sort === 'created' || sort === 'updated';
  const direction = (get('order') || (dated || !sort ? 'desc' : 'asc')) as 'asc' | 'desc';
  const theme = Number(get('theme')) || undefined;
  const q = usePlaylistPage({
    q: search || undefined,
    access: (get('access') || undefined) as PlaylistPageQuery['access'],
    from: get('from') || undefined,
    to: get('to') || undefined,
    theme,
    sort: (sort || undefined) as PlaylistPageQuery['sort'],
    order: get('order') ? direction : undefined,
    page: list.page,
    page_size: list.pageSize,
  });
  const groups = useGroups(theme !== undefined);
  const [choosingTheme, setChoosingTheme] = useState(false);
  const remove = useDeletePlaylist();
  const toast = useToast();
  const notify = useNotify();

  const playlists = q.data?.playlists ?? [];
  const pages = Math.ceil((q.data?.playlistLength ?? 0) / list.pageSize);
  const state = listState(q, playlists.length === 0, search ? MSG.noSearchResult : MSG.noResult, MSG.someError);
  const themeTitle = groups.data?.find((g) => g.id === theme)?.title;

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
          onSearch={(text) => list.set({ q: text })}
        />
        {search && (
          <button type="button" className="link-button" onClick={() => list.set({ q: null })}>
            Show all playlists
          </button>
        )}
        {q.data && <span className="muted">{countLabel(q.data.playlistLength, 'playlist')}</span>}
      </div>
      <ListOptions list={list} sorts={SORTS} active={sort} direction={direction}>
        <FilterSelect
          list={list}
          name="access"
          label="Access"
          options={[
            { value: 'on', label: 'On' },
            { value: 'off', label: 'Off' },
          ]}
        />
        <DateFilter list={list} name="from" label="Added from" />
        <DateFilter list={list} name="to" label="Added to" />
        <div className="list-options__field">
          <span>Theme</span>
          {theme === undefined ? (
            <button type="button" className="button button--ghost button--small" onClick={() => setChoosingTheme(true)}>
              Any theme
            </button>
          ) : (
            <span className="chip">
              {themeTitle ?? `#${theme}`}
              <button
                type="button"
                className="chip__remove"
                aria-label="Any theme"
                onClick={() => list.set({ theme: null })}
              >
                ×
              </button>
            </span>
          )}
        </div>
      </ListOptions>
      {state ?? (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--cards">
            <thead>
              <tr>
                <th scope="col">Cover</th>
                <SortHeader list={list} sort="title" label="Title" active={sort} direction={direction} />
                <SortHeader list={list} sort="duration" label="Duration" active={sort} direction={direction} />
                <SortHeader list={list} sort="updated" label="Updated" active={sort} direction={direction} />
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {playlists.map((p) => (
                <tr key={p.id} className={p.status ? undefined : 'is-off'}>
                  <CoverTitleCells
                    item={p}
                    edit={`/editPlaylist/${p.id}`}
                    extra={<span className="muted"> · {countLabel(p.number_of_videos, 'video')}</span>}
                  />
                  <td data-label="Duration">{formatDuration(p.duration)}</td>
                  <td data-label="Updated">{formatUpdated(p.updated)}</td>
                  <td className="card-cell--actions">
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
      <Pagination page={list.page} pages={pages} onChange={(n) => list.set({ page: n })} />
      {choosingTheme && (
        <GroupPickerDialog
          title="Show the playlists of a theme"
          onPick={(g) => {
            setChoosingTheme(false);
            list.set({ theme: g.id });
          }}
          onClose={() => setChoosingTheme(false)}
        />
      )}
    </div>
  );
}
