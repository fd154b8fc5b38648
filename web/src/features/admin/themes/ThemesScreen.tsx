import { useState } from 'react';
import { Link } from 'react-router';
import { IconPlus } from '@/components/ui/icons';
import { Modal } from '@/components/ui/Modal';
import { countLabel } from '@/lib/format';
import { Pagination } from '@/components/ui/Pagination';
import { useAddGroup } from '../api/themes/add-group';
import { usePlaylistInfo } from '../api/playlists/get-playlist-info';
import { useArrangeThemePage, useThemePage, type ThemePageQuery } from '../api/themes/browse-themes';
import { useDeleteGroup } from '../api/themes/delete-group';
import { StatusBadge } from '../components/AccessSwitch';
import { FormAlert } from '../components/FormAlert';
import { TitleField } from '../components/FormParts';
import {
  ACCESS_OPTIONS,
  DateFilter,
  FilterSelect,
  HandOrderNote,
  isHandOrder,
  ListOptions,
  MembershipFilter,
} from '../components/ListControls';
import { listState } from '../components/ListState';
import { PlaylistPickerDialog } from '../components/PickerDialogs';
import { RowActions } from '../components/RowActions';
import { SortableList } from '../components/SortableList';
import { noSuggestions, SuggestSearch } from '../components/SuggestSearch';
import { useListParams, useListSort } from '../hooks/use-list-params';
import { useNotify } from '../hooks/use-notify';
import { useSaveForm } from '../hooks/use-save-form';
import { MSG } from '../messages';
import { titleProblem } from '../validation';

const SORTS = [
  { value: 'position', label: 'Hand order' },
  { value: 'title', label: 'Title' },
  { value: 'created', label: 'Added' },
  { value: 'access', label: 'Access' },
] as const;

/** The api's default: the hand order, the order viewers see. */
const THEME_ORDER = { fallback: 'position', dated: ['created'], rankSearch: false } as const;

/**
 * /themes (spec §2): title, position, number of playlists and ON/OFF; edit, delete and an add
 * dialog. Issue 15: sorted (hand order, title, added, access), filtered (title, access, days
 * added, a playlist they hold), 10 to 100 per page, the view in the address. Dragging (saved at
 * once through arrange_groups) is offered only in the hand order without filters.
 */
export function ThemesScreen() {
  const list = useListParams();
  const { get } = list;
  const { sort, direction, order } = useListSort(list, THEME_ORDER);
  const playlist = Number(get('playlist')) || undefined;
  const query: ThemePageQuery = {
    q: get('q') || undefined,
    access: (get('access') || undefined) as ThemePageQuery['access'],
    from: get('from') || undefined,
    to: get('to') || undefined,
    playlist,
    sort: sort as ThemePageQuery['sort'],
    order,
    page: list.page,
    page_size: list.pageSize,
  };
  const q = useThemePage(query);
  const arrange = useArrangeThemePage(query);
  const remove = useDeleteGroup();
  const playlistTitle = usePlaylistInfo(playlist ?? 0).data?.title;
  const notify = useNotify();
  const [adding, setAdding] = useState(false);
  const [choosingPlaylist, setChoosingPlaylist] = useState(false);
  const groups = q.data?.groups ?? [];
  const total = q.data?.groupLength ?? 0;
  const filtered = Boolean(get('q') || get('access') || get('from') || get('to') || playlist);
  const handOrder = isHandOrder(sort, direction, filtered);
  const state = listState(q, groups.length === 0, filtered ? MSG.noSearchResult : 'No themes yet');

  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <h1>THEMES</h1>
        <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
          <IconPlus size={16} /> Add Theme
        </button>
      </header>
      <div className="admin-toolbar">
        <SuggestSearch
          key={get('q')}
          label="Search themes"
          initial={get('q')}
          suggestions={noSuggestions}
          onSearch={(text) => list.set({ q: text })}
        />
        {q.data && <span className="muted">{countLabel(total, 'theme')}</span>}
      </div>
      <ListOptions list={list} sorts={SORTS} active={sort} direction={direction}>
        <FilterSelect list={list} name="access" label="Access" options={ACCESS_OPTIONS} />
        <DateFilter list={list} name="from" label="Added from" />
        <DateFilter list={list} name="to" label="Added to" />
        <MembershipFilter
          label="Playlist"
          id={playlist}
          title={playlistTitle}
          onChoose={() => setChoosingPlaylist(true)}
          onClear={() => list.set({ playlist: null })}
        />
      </ListOptions>
      <HandOrderNote list={list} handOrder={handOrder} />
      {state ?? (
        <>
          <div className="list-head" aria-hidden="true">
            <span>Title</span>
            <span>Position</span>
            <span>Playlists</span>
            <span>Status</span>
            <span>Actions</span>
          </div>
          <SortableList
            label="Themes"
            items={groups}
            itemLabel={(g) => g.title}
            onMove={arrange(groups)}
            disabled={!handOrder}
          >
            {(g) => (
              <div className="sortable-row sortable-row--theme">
                <Link to={`/editTheme/${g.id}`} className="sortable-row__title">
                  {g.title}
                </Link>
                <span aria-label="Position">{g.position}</span>
                <span>{countLabel(g.number_of_playlists, 'playlist')}</span>
                <StatusBadge status={g.status} />
                <RowActions
                  name={g.title}
                  edit={`/editTheme/${g.id}`}
                  confirm={MSG.deleteGroupConfirm}
                  onDelete={() => remove.mutate(g.id, notify(MSG.groupDeleted))}
                />
              </div>
            )}
          </SortableList>
        </>
      )}
      <Pagination page={list.page} pages={Math.ceil(total / list.pageSize)} onChange={(n) => list.set({ page: n })} />
      {adding && <AddThemeDialog onClose={() => setAdding(false)} />}
      {choosingPlaylist && (
        <PlaylistPickerDialog
          title="Show the themes holding a playlist"
          onPick={(p) => {
            setChoosingPlaylist(false);
            list.set({ playlist: p.id });
          }}
          onClose={() => setChoosingPlaylist(false)}
        />
      )}
    </div>
  );
}

/** The add-theme dialog: a title (required). */
function AddThemeDialog({ onClose }: { onClose: () => void }) {
  const [title, setTitle] = useState('');
  const add = useAddGroup();
  const form = useSaveForm();
  return (
    <Modal title="Add Theme" onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!form.check(titleProblem(title))) return;
          add.mutate(title.trim(), form.saved(MSG.groupAdded, onClose));
        }}
      >
        <TitleField value={title} onChange={form.field(setTitle)} />
        <FormAlert message={form.error} />
        <button type="submit" className="button button--primary" disabled={add.isPending}>
          Save
        </button>
      </form>
    </Modal>
  );
}
