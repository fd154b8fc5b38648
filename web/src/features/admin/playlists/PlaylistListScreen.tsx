import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { IconCopy, IconPlus } from '@/components/ui/icons';
import { Pagination } from '@/components/ui/Pagination';
import { useToast } from '@/components/ui/toast';
import { toMessage } from '@/lib/api/client';
import { copyText } from '@/lib/clipboard';
import { COPY_TOAST_MS } from '@/lib/constants';
import { countLabel, formatDuration } from '@/lib/format';
import { playlistHref } from '@/lib/links';
import { useBulkPlaylists } from '../api/playlists/bulk-playlists';
import { useDeletePlaylist } from '../api/playlists/delete-playlist';
import { usePlaylistSuggestions } from '../api/playlists/get-playlist-suggestions';
import { usePlaylistPage, type PlaylistPageQuery } from '../api/playlists/browse-playlists';
import { useGroups } from '../api/themes/get-groups';
import { BulkBar, confirmBulkDelete, SelectPageBox, SelectRowBox } from '../components/BulkBar';
import {
  ACCESS_OPTIONS,
  DateFilter,
  FilterSelect,
  ListOptions,
  MembershipFilter,
  SortHeader,
} from '../components/ListControls';
import { listState } from '../components/ListState';
import { GroupPickerDialog } from '../components/PickerDialogs';
import { SuggestSearch } from '../components/SuggestSearch';
import { CoverTitleCells } from '../components/CoverTitleCells';
import { useNotify } from '../hooks/use-notify';
import { useListParams, useListSort } from '../hooks/use-list-params';
import { useBulkRun } from '../hooks/use-bulk-run';
import { useSelection } from '../hooks/use-selection';
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

/** The api's default: latest changed first; a search without a sort ranks the best title match. */
const PLAYLIST_ORDER = { fallback: 'updated', dated: ['created', 'updated'], rankSearch: true } as const;

type Dialog = null | 'theme-filter' | 'add_to_theme' | 'remove_from_theme';

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
 * theme, 10 to 100 per page, the whole view in the address. A selection (rows, or everything
 * the filter matches) takes bulk actions, as on the video list.
 */
export function PlaylistListScreen() {
  const list = useListParams();
  const { get } = list;
  const search = get('q');
  const { sort, direction, order } = useListSort(list, PLAYLIST_ORDER);
  /** The filter part of the address, as the API names it: the list's query and a bulk action's filter. */
  const filter = useMemo(
    () => ({
      q: get('q') || undefined,
      access: (get('access') || undefined) as PlaylistPageQuery['access'],
      from: get('from') || undefined,
      to: get('to') || undefined,
      theme: Number(get('theme')) || undefined,
    }),
    [get],
  );
  const theme = filter.theme;
  const q = usePlaylistPage({
    ...filter,
    sort: (sort || undefined) as PlaylistPageQuery['sort'],
    order,
    page: list.page,
    page_size: list.pageSize,
  });
  const groups = useGroups(theme !== undefined);
  const [dialog, setDialog] = useState<Dialog>(null);
  const remove = useDeletePlaylist();
  const bulk = useBulkPlaylists();
  const toast = useToast();
  const notify = useNotify();

  const playlists = q.data?.playlists ?? [];
  const total = q.data?.playlistLength ?? 0;
  const pages = Math.ceil(total / list.pageSize);
  const state = listState(q, playlists.length === 0, search ? MSG.noSearchResult : MSG.noResult, MSG.someError);
  const themeTitle = groups.data?.find((g) => g.id === theme)?.title;
  const selection = useSelection(
    playlists.map((p) => p.id),
    JSON.stringify(filter),
  );
  const count = selection.count(total);

  const run = useBulkRun(bulk, selection, filter, {
    onDone: () => setDialog(null),
    titleOf: (id) => playlists.find((p) => p.id === id)?.title,
  });

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
        <FilterSelect list={list} name="access" label="Access" options={ACCESS_OPTIONS} />
        <DateFilter list={list} name="from" label="Added from" />
        <DateFilter list={list} name="to" label="Added to" />
        <MembershipFilter
          label="Theme"
          id={theme}
          title={themeTitle}
          onChoose={() => setDialog('theme-filter')}
          onClear={() => list.set({ theme: null })}
        />
      </ListOptions>
      <BulkBar noun="playlist" selection={selection} matching={total} busy={bulk.isPending}>
        <button type="button" className="button button--ghost button--small" onClick={() => run('access_on')}>
          Access on
        </button>
        <button type="button" className="button button--ghost button--small" onClick={() => run('access_off')}>
          Access off
        </button>
        <button type="button" className="button button--ghost button--small" onClick={() => setDialog('add_to_theme')}>
          Add to theme
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => setDialog('remove_from_theme')}
        >
          Remove from theme
        </button>
        <button
          type="button"
          className="button button--danger button--small"
          onClick={() => {
            if (confirmBulkDelete(count, 'playlist')) run('delete');
          }}
        >
          Delete
        </button>
      </BulkBar>
      {state ?? (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--cards">
            <thead>
              <tr>
                <th scope="col">
                  <SelectPageBox selection={selection} />
                </th>
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
                  <td className="card-cell--select">
                    <SelectRowBox selection={selection} id={p.id} name={p.title} />
                  </td>
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
                      onDelete={() =>
                        remove.mutate(
                          p.id,
                          notify(MSG.playlistDeleted, () => selection.drop(p.id)),
                        )
                      }
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
      {dialog === 'theme-filter' && (
        <GroupPickerDialog
          title="Show the playlists of a theme"
          onPick={(g) => {
            setDialog(null);
            list.set({ theme: g.id });
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {(dialog === 'add_to_theme' || dialog === 'remove_from_theme') && (
        <GroupPickerDialog
          title={`${dialog === 'add_to_theme' ? 'Add' : 'Remove'} ${countLabel(count, 'playlist')} ${dialog === 'add_to_theme' ? 'to' : 'from'} a theme`}
          busy={bulk.isPending}
          onPick={(g) => run(dialog, { group_id: g.id })}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
