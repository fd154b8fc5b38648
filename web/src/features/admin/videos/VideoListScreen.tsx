import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { IconFilter, IconPlaylist, IconPlus } from '@/components/ui/icons';
import { Modal } from '@/components/ui/Modal';
import { Pagination } from '@/components/ui/Pagination';
import { countLabel, formatDuration } from '@/lib/format';
import { decodeFilterList, encodeFilterList } from '@/lib/links';
import { getTags } from '../api/lookups/get-tags';
import { usePlaylistInfo } from '../api/playlists/get-playlist-info';
import { useGroups } from '../api/themes/get-groups';
import { useVideoPage, type VideoPageQuery } from '../api/videos/browse-videos';
import { useBulkVideos } from '../api/videos/bulk-videos';
import { useDeleteVideo } from '../api/videos/delete-video';
import { useVideoSuggestions } from '../api/videos/get-video-suggestions';
import { BulkBar, bulkNotice, confirmBulkDelete, SelectPageBox, SelectRowBox } from '../components/BulkBar';
import {
  ACCESS_OPTIONS,
  DateFilter,
  FilterSelect,
  ListOptions,
  MembershipFilter,
  SortHeader,
} from '../components/ListControls';
import { listState } from '../components/ListState';
import { MultiPicker } from '../components/LookupDropdown';
import { GroupPickerDialog, PlaylistPickerDialog } from '../components/PickerDialogs';
import { ProcessingStatus } from '../components/ProcessingStatus';
import { RowActions } from '../components/RowActions';
import { SuggestSearch } from '../components/SuggestSearch';
import { TagsCell } from '../components/TagsCell';
import { CoverTitleCells } from '../components/CoverTitleCells';
import { useListParams, useListSort } from '../hooks/use-list-params';
import { useBulkRun } from '../hooks/use-bulk-run';
import { useSelection } from '../hooks/use-selection';
import { useNotify } from '../hooks/use-notify';
import { MSG } from '../messages';
import type { IdTitle, VideoSummary } from '../types';
import { EMPTY_FILTER, FilterPanel, filterEntries, type FilterDraft } from './FilterPanel';

const SORTS = [
  { value: 'created', label: 'Added' },
  { value: 'updated', label: 'Changed' },
  { value: 'title', label: 'Title' },
  { value: 'duration', label: 'Duration' },
  { value: 'access', label: 'Access' },
  { value: 'state', label: 'Processing' },
] as const;

/** The api's default: newest first; a search without a sort ranks the best title match. */
const VIDEO_ORDER = { fallback: 'created', dated: ['created', 'updated'], rankSearch: true } as const;

const STATES = [
  { value: 'queued', label: 'Queued' },
  { value: 'processing', label: 'Processing' },
  { value: 'failed', label: 'Failed' },
  { value: 'ready', label: 'Ready' },
] as const;

type Dialog = null | 'playlist' | 'theme-filter' | 'playlist-filter' | 'add_tags' | 'remove_tags';

/**
 * /adminVideos (spec §2, issue 15): the video table, sortable by its headings or the Sort menu,
 * filtered by title, access, processing state, days added, playlist, theme and facets, 10 to
 * 100 per page. The whole view lives in the address, so it can be bookmarked and Back returns
 * to it. A selection (rows, or everything the filter matches) takes bulk actions.
 */
export function VideoListScreen() {
  const list = useListParams();
  const { get } = list;
  const { sort, direction, order } = useListSort(list, VIDEO_ORDER);

  /** The filter part of the address, as the API names it: the list's query and a bulk action's filter. */
  const filter = useMemo(
    () => ({
      q: get('q') || undefined,
      access: (get('access') || undefined) as VideoPageQuery['access'],
      state: get('state') || undefined,
      from: get('from') || undefined,
      to: get('to') || undefined,
      playlist: Number(get('playlist')) || undefined,
      theme: Number(get('theme')) || undefined,
      filter: get('filter') || undefined,
    }),
    [get],
  );
  const query: VideoPageQuery = {
    ...filter,
    sort: (sort || undefined) as VideoPageQuery['sort'],
    order,
    page: list.page,
    page_size: list.pageSize,
  };
  const q = useVideoPage(query);

  const [filterOpen, setFilterOpen] = useState(false);
  const [draft, setDraft] = useState<FilterDraft>(EMPTY_FILTER);
  const [dialog, setDialog] = useState<Dialog>(null);
  /** A row's own "add to a playlist": that video alone, whatever rows are ticked. */
  const [addingOne, setAddingOne] = useState<VideoSummary | null>(null);
  const bulk = useBulkVideos();
  const removeVideo = useDeleteVideo();
  const notify = useNotify();

  const videos = q.data?.videos ?? [];
  const total = q.data?.videoLength ?? 0;
  const pages = Math.ceil(total / list.pageSize);
  const selection = useSelection(
    videos.map((v) => v.id),
    JSON.stringify(filter),
  );
  const count = selection.count(total);

  const titleOf = (id: number) => videos.find((v) => v.id === id)?.title;
  const run = useBulkRun(bulk, selection, filter, {
    onDone: () => {
      setDialog(null);
      setAddingOne(null);
    },
    titleOf,
    // Adding to a playlist keeps the spec's notice when every video went in.
    notice: (action, result) =>
      action === 'add_to_playlist' && result.skipped.length === 0 ? MSG.videoAdded : bulkNotice(result, titleOf),
  });

  const onDelete = (video: VideoSummary) => {
    removeVideo.mutate(
      video.id,
      notify(MSG.videoDeleted, () => selection.drop(video.id)),
    );
  };

  const filtered = Object.values(filter).some((v) => v !== undefined);
  const state = listState(q, videos.length === 0, filtered ? MSG.noSearchResult : MSG.noResult);

  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <h1>VIDEOS</h1>
        <Link to="/addVideo" className="button button--primary">
          <IconPlus size={16} /> Add Video
        </Link>
      </header>

      <div className="admin-toolbar">
        <SuggestSearch
          key={get('q')}
          label="Search videos"
          initial={get('q')}
          suggestions={useVideoSuggestions}
          onSearch={(text) => list.set({ q: text })}
        />
        <button
          type="button"
          className={`button button--ghost button--small${filterOpen || get('filter') ? ' is-active' : ''}`}
          aria-expanded={filterOpen}
          onClick={() => setFilterOpen(!filterOpen)}
        >
          <IconFilter size={16} /> Filter
        </button>
        <button
          type="button"
          role="switch"
          aria-checked={get('access') === 'off'}
          className={`switch${get('access') === 'off' ? ' is-on' : ''}`}
          onClick={() => list.set({ access: get('access') === 'off' ? null : 'off' })}
        >
          <span className="switch__track" aria-hidden="true">
            <span className="switch__thumb" />
          </span>
          <span className="switch__text">Inactive Videos</span>
        </button>
        <button
          type="button"
          className="button button--primary button--small"
          disabled={count === 0}
          onClick={() => setDialog('playlist')}
        >
          Add Selected{count ? ` (${count})` : ''}
        </button>
      </div>

      {filterOpen && (
        <FilterPanel
          initial={draft}
          onApply={(d) => {
            setDraft(d);
            list.set({ filter: encodeFilterList(filterEntries(d)) });
          }}
          onClear={() => {
            setDraft(EMPTY_FILTER);
            list.set({ filter: null });
          }}
        />
      )}

      <ListOptions list={list} sorts={SORTS} active={sort} direction={direction}>
        <FilterSelect list={list} name="access" label="Access" options={ACCESS_OPTIONS} />
        <FilterSelect list={list} name="state" label="Processing" options={STATES} />
        <DateFilter list={list} name="from" label="Added from" />
        <DateFilter list={list} name="to" label="Added to" />
        <MembershipFilter
          label="Playlist"
          id={filter.playlist}
          title={usePlaylistTitle(filter.playlist)}
          onChoose={() => setDialog('playlist-filter')}
          onClear={() => list.set({ playlist: null })}
        />
        <MembershipFilter
          label="Theme"
          id={filter.theme}
          title={useThemeTitle(filter.theme)}
          onChoose={() => setDialog('theme-filter')}
          onClear={() => list.set({ theme: null })}
        />
      </ListOptions>

      {(filtered || q.data) && (
        <p className="admin-mode">
          {get('q') && <>Search results for &ldquo;{get('q')}&rdquo; · </>}
          {get('filter') && <>Filter results ({decodeFilterList(get('filter')).length} values) · </>}
          {q.data && <span className="muted">{countLabel(total, 'video')}</span>}{' '}
          {filtered && (
            <button
              type="button"
              className="link-button"
              onClick={() =>
                list.set({
                  q: null,
                  filter: null,
                  access: null,
                  state: null,
                  from: null,
                  to: null,
                  playlist: null,
                  theme: null,
                })
              }
            >
              Show all videos
            </button>
          )}
        </p>
      )}

      <BulkBar noun="video" selection={selection} matching={total} busy={bulk.isPending}>
        <button type="button" className="button button--ghost button--small" onClick={() => run('access_on')}>
          Access on
        </button>
        <button type="button" className="button button--ghost button--small" onClick={() => run('access_off')}>
          Access off
        </button>
        <button type="button" className="button button--ghost button--small" onClick={() => setDialog('playlist')}>
          Add to playlist
        </button>
        <button type="button" className="button button--ghost button--small" onClick={() => setDialog('add_tags')}>
          Add tags
        </button>
        <button type="button" className="button button--ghost button--small" onClick={() => setDialog('remove_tags')}>
          Remove tags
        </button>
        <button type="button" className="button button--ghost button--small" onClick={() => run('retry')}>
          Retry failed
        </button>
        <button
          type="button"
          className="button button--danger button--small"
          onClick={() => {
            if (confirmBulkDelete(count, 'video')) run('delete');
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
                <th scope="col">Genres</th>
                <th scope="col">Moods</th>
                <SortHeader list={list} sort="duration" label="Duration" active={sort} direction={direction} />
                <th scope="col">Tags</th>
                <SortHeader list={list} sort="state" label="Processing" active={sort} direction={direction} />
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {videos.map((v) => (
                <tr key={v.id} className={v.status ? undefined : 'is-off'}>
                  <td className="card-cell--select">
                    <SelectRowBox selection={selection} id={v.id} name={v.title} />
                  </td>
                  <CoverTitleCells item={v} edit={`/editVideo/${v.id}`} />
                  <td data-label="Genres">{v.genres.map((g) => g.title).join(', ')}</td>
                  <td data-label="Moods">{v.moods.map((m) => m.title).join(', ')}</td>
                  <td data-label="Duration">{formatDuration(v.duration)}</td>
                  <td data-label="Tags" className="admin-table__tags">
                    <TagsCell tags={v.tags} />
                  </td>
                  <td data-label="Processing">
                    <ProcessingStatus
                      compact
                      videoId={v.id}
                      state={v.processing_state}
                      progress={v.processing_progress}
                      error={v.processing_error}
                    />
                  </td>
                  <td className="card-cell--actions">
                    <RowActions
                      name={v.title}
                      edit={`/editVideo/${v.id}`}
                      confirm={MSG.deleteVideoConfirm}
                      onDelete={() => onDelete(v)}
                    >
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={`Add ${v.title} to a playlist`}
                        onClick={() => setAddingOne(v)}
                      >
                        <IconPlaylist size={18} />
                      </button>
                    </RowActions>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={list.page} pages={pages} onChange={(n) => list.set({ page: n })} />

      {dialog === 'playlist' && (
        <PlaylistPickerDialog
          title={count > 1 ? `Add ${count} videos to a playlist` : 'Add to a playlist'}
          busy={bulk.isPending}
          onPick={(p) => run('add_to_playlist', { playlist_id: p.id })}
          onClose={() => setDialog(null)}
        />
      )}
      {addingOne && (
        <PlaylistPickerDialog
          title={`Add ${addingOne.title} to a playlist`}
          busy={bulk.isPending}
          onPick={(p) => run('add_to_playlist', { playlist_id: p.id }, [addingOne.id])}
          onClose={() => setAddingOne(null)}
        />
      )}
      {dialog === 'playlist-filter' && (
        <PlaylistPickerDialog
          title="Show the videos of a playlist"
          onPick={(p) => {
            setDialog(null);
            list.set({ playlist: p.id });
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'theme-filter' && (
        <GroupPickerDialog
          title="Show the videos of a theme"
          onPick={(g) => {
            setDialog(null);
            list.set({ theme: g.id });
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {(dialog === 'add_tags' || dialog === 'remove_tags') && (
        <TagsDialog
          title={`${dialog === 'add_tags' ? 'Add tags to' : 'Remove tags from'} ${countLabel(count, 'video')}`}
          busy={bulk.isPending}
          onApply={(tags) => run(dialog, { tag_ids: tags.map((t) => t.id) })}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}

function usePlaylistTitle(id: number | undefined): string | undefined {
  return usePlaylistInfo(id ?? 0).data?.title;
}

function useThemeTitle(id: number | undefined): string | undefined {
  const groups = useGroups(id !== undefined);
  return groups.data?.find((g) => g.id === id)?.title;
}

/** Choose tags for a bulk add or remove. */
function TagsDialog({
  title,
  busy,
  onApply,
  onClose,
}: {
  title: string;
  busy: boolean;
  onApply: (tags: IdTitle[]) => void;
  onClose: () => void;
}) {
  const [tags, setTags] = useState<IdTitle[]>([]);
  return (
    <Modal title={title} onClose={onClose} className="picker">
      <MultiPicker label="Tags" value={tags} onChange={setTags} name="tags" fetcher={(q, p, s) => getTags(q, p, s)} />
      <div className="filter-box__actions">
        <button
          type="button"
          className="button button--primary button--small"
          disabled={busy || tags.length === 0}
          onClick={() => onApply(tags)}
        >
          Apply to the selection
        </button>
      </div>
    </Modal>
  );
}
