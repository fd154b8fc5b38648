import { useState } from 'react';
import { IconPlus } from '@/components/ui/icons';
import { Img } from '@/components/ui/Img';
import { Pagination } from '@/components/ui/Pagination';
import { countLabel, formatDuration } from '@/lib/format';
import { staffImageUrl } from '@/lib/images';
import { useArrangeBannerPage, useBannerPage, type BannerPageQuery } from '../api/banners/browse-banners';
import { useDeleteBannerVideo } from '../api/banners/delete-banner-video';
import { usePlaylistInfo } from '../api/playlists/get-playlist-info';
import { useGroups } from '../api/themes/get-groups';
import { StatusBadge } from '../components/AccessSwitch';
import {
  ACCESS_OPTIONS,
  FilterSelect,
  HandOrderNote,
  isHandOrder,
  ListOptions,
  MembershipFilter,
} from '../components/ListControls';
import { listState } from '../components/ListState';
import { GroupPickerDialog, PlaylistPickerDialog } from '../components/PickerDialogs';
import { RowActions } from '../components/RowActions';
import { SortableList } from '../components/SortableList';
import { noSuggestions, SuggestSearch } from '../components/SuggestSearch';
import { useListParams, useListSort } from '../hooks/use-list-params';
import { useNotify } from '../hooks/use-notify';
import { MSG } from '../messages';
import type { Banner } from '../types';
import { AddBannerWizard } from './AddBannerWizard';
import { EditBannerPanel, HiddenNote } from './EditBannerPanel';

const SORTS = [
  { value: 'position', label: 'Hand order' },
  { value: 'title', label: 'Title' },
  { value: 'access', label: 'Access' },
] as const;

/** The api's default: the hand order, the order of the main page. */
const BANNER_ORDER = { fallback: 'position', dated: [], rankSearch: false } as const;

/**
 * /main, MY PAGE (spec §2): the main page's banner videos as cards, each with edit and delete;
 * the add-banner wizard. Issue 15: sorted (hand order, title, access), filtered (title, access,
 * the theme or playlist shown in), 10 to 100 per page, the view in the address. Dragging (saved
 * at once through arrange_banner_videos) is offered only in the hand order without filters.
 */
export function MainScreen() {
  const list = useListParams();
  const { get } = list;
  const { sort, direction, order } = useListSort(list, BANNER_ORDER);
  const theme = Number(get('theme')) || undefined;
  const playlist = Number(get('playlist')) || undefined;
  const query: BannerPageQuery = {
    q: get('q') || undefined,
    access: (get('access') || undefined) as BannerPageQuery['access'],
    theme,
    playlist,
    sort: sort as BannerPageQuery['sort'],
    order,
    page: list.page,
    page_size: list.pageSize,
  };
  const q = useBannerPage(query);
  const arrange = useArrangeBannerPage(query);
  const remove = useDeleteBannerVideo();
  const notify = useNotify();
  const groups = useGroups(theme !== undefined);
  const playlistTitle = usePlaylistInfo(playlist ?? 0).data?.title;
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Banner | null>(null);
  const [choosing, setChoosing] = useState<null | 'theme' | 'playlist'>(null);
  const banners = q.data?.banners ?? [];
  const total = q.data?.bannerLength ?? 0;
  const filtered = Boolean(get('q') || get('access') || theme || playlist);
  const handOrder = isHandOrder(sort, direction, filtered);
  const state = listState(q, banners.length === 0, filtered ? MSG.noSearchResult : 'No banner videos yet');

  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <h1>MY PAGE</h1>
        <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
          <IconPlus size={16} /> Add Banner
        </button>
      </header>
      <h2 className="section-title">Banner videos</h2>
      <div className="admin-toolbar">
        <SuggestSearch
          key={get('q')}
          label="Search banners"
          initial={get('q')}
          suggestions={noSuggestions}
          onSearch={(text) => list.set({ q: text })}
        />
        {q.data && <span className="muted">{countLabel(total, 'banner')}</span>}
      </div>
      <ListOptions list={list} sorts={SORTS} active={sort} direction={direction}>
        <FilterSelect list={list} name="access" label="Access" options={ACCESS_OPTIONS} />
        <MembershipFilter
          label="Theme"
          id={theme}
          title={groups.data?.find((g) => g.id === theme)?.title}
          onChoose={() => setChoosing('theme')}
          onClear={() => list.set({ theme: null })}
        />
        <MembershipFilter
          label="Playlist"
          id={playlist}
          title={playlistTitle}
          onChoose={() => setChoosing('playlist')}
          onClear={() => list.set({ playlist: null })}
        />
      </ListOptions>
      <HandOrderNote list={list} handOrder={handOrder} />
      {state ?? (
        <SortableList
          label="Banner videos"
          layout="cards"
          items={banners}
          itemLabel={(b) => b.banner_title || b.video_title}
          onMove={arrange(banners)}
          disabled={!handOrder}
        >
          {(b) => (
            <article className="banner-card">
              {/* What the main page's hero shows: the banner's own picture, else its video's. */}
              <Img className="banner-card__image" src={staffImageUrl(b.banner_image ?? b.video_image, 600)} alt="" />
              <div className="banner-card__body">
                <h3 className="banner-card__title">{b.banner_title}</h3>
                <p className="banner-card__sub">{b.video_title}</p>
                <p className="muted banner-card__meta">
                  {b.playlist_title} · {b.group_title} · {formatDuration(b.video_duration)}
                </p>
                <HiddenNote banner={b} />
                <div className="banner-card__foot">
                  <span className="muted">#{b.position}</span>
                  <StatusBadge status={b.status} />
                  <RowActions
                    name={b.banner_title}
                    edit={() => setEditing(b)}
                    confirm={MSG.deleteBannerConfirm}
                    onDelete={() => remove.mutate(b.id, notify(MSG.bannerDeleted))}
                  />
                </div>
              </div>
            </article>
          )}
        </SortableList>
      )}
      <Pagination page={list.page} pages={Math.ceil(total / list.pageSize)} onChange={(n) => list.set({ page: n })} />
      {choosing === 'theme' && (
        <GroupPickerDialog
          title="Show the banners of a theme"
          onPick={(g) => {
            setChoosing(null);
            list.set({ theme: g.id });
          }}
          onClose={() => setChoosing(null)}
        />
      )}
      {choosing === 'playlist' && (
        <PlaylistPickerDialog
          title="Show the banners of a playlist"
          onPick={(p) => {
            setChoosing(null);
            list.set({ playlist: p.id });
          }}
          onClose={() => setChoosing(null)}
        />
      )}
      {adding && <AddBannerWizard onClose={() => setAdding(false)} />}
      {editing && <EditBannerPanel key={editing.id} banner={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
