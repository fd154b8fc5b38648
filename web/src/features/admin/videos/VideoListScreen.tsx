import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { IconFilter, IconPlaylist, IconPlus } from '@/components/ui/icons';
import { Img } from '@/components/ui/Img';
import { Pagination } from '@/components/ui/Pagination';
import { countLabel, formatDuration } from '@/lib/format';
import { staffImageUrl } from '@/lib/images';
import { decodeFilterList, encodeFilterList } from '@/lib/links';
import { useAddPlaylistVideos } from '../api/playlists/add-playlist-videos';
import { useDeleteVideo } from '../api/videos/delete-video';
import { useVideoSuggestions } from '../api/videos/get-video-suggestions';
import { useVideos, type VideoListMode } from '../api/videos/get-videos';
import { listState } from '../components/ListState';
import { PlaylistPickerDialog } from '../components/PickerDialogs';
import { ProcessingStatus } from '../components/ProcessingStatus';
import { RowActions } from '../components/RowActions';
import { SuggestSearch } from '../components/SuggestSearch';
import { TagsCell } from '../components/TagsCell';
import { useNotify } from '../hooks/use-notify';
import { ADMIN_PAGE_SIZE, MSG } from '../messages';
import type { PlaylistSummary, VideoSummary } from '../types';
import { EMPTY_FILTER, FilterPanel, filterEntries, type FilterDraft } from './FilterPanel';

/**
 * /adminVideos (spec §2): the video table in four modes (normal, filter results, search
 * results, inactive videos), 10 per page. The mode and page live in the address so the back
 * button returns to the same list.
 */
export function VideoListScreen() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('q') ?? '';
  const inactive = params.get('inactive') === '1';
  const filter = params.get('filter') ?? '';
  const mode: VideoListMode = useMemo(() => {
    if (search) return { kind: 'search', query: search };
    if (filter) return { kind: 'filter', entries: decodeFilterList(filter) };
    if (inactive) return { kind: 'inactive' };
    return { kind: 'normal' };
  }, [search, filter, inactive]);

  const q = useVideos(mode, page);
  const [filterOpen, setFilterOpen] = useState(false);
  const [draft, setDraft] = useState<FilterDraft>(EMPTY_FILTER);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [pickFor, setPickFor] = useState<number[] | null>(null);
  const addToPlaylist = useAddPlaylistVideos();
  const removeVideo = useDeleteVideo();
  const notify = useNotify();

  const go = (next: Record<string, string | null>) => {
    const p = new URLSearchParams();
    const merged = { q: search, inactive: inactive ? '1' : '', filter, page: '', ...next };
    for (const [k, v] of Object.entries(merged)) if (v) p.set(k, v);
    setParams(p);
  };

  const videos = q.data?.videos ?? [];
  const pages = Math.ceil((q.data?.videoLength ?? 0) / ADMIN_PAGE_SIZE);
  const pageIds = videos.map((v) => v.id);
  const allChecked = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const onPick = (playlist: PlaylistSummary) => {
    if (!pickFor) return;
    addToPlaylist.mutate(
      { playlistId: playlist.id, videoIds: pickFor },
      notify(MSG.videoAdded, () => {
        setPickFor(null);
        setSelected(new Set());
      }),
    );
  };

  const onDelete = (video: VideoSummary) => {
    removeVideo.mutate(
      video.id,
      notify(MSG.videoDeleted, () =>
        setSelected((s) => {
          const next = new Set(s);
          next.delete(video.id);
          return next;
        }),
      ),
    );
  };

  const searching = mode.kind === 'search' || mode.kind === 'filter';
  const state = listState(q, videos.length === 0, searching ? MSG.noSearchResult : MSG.noResult);

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
          key={search}
          label="Search videos"
          initial={search}
          suggestions={useVideoSuggestions}
          onSearch={(text) => go({ q: text, filter: '', inactive: '' })}
        />
        <button
          type="button"
          className={`button button--ghost button--small${filterOpen || filter ? ' is-active' : ''}`}
          aria-expanded={filterOpen}
          onClick={() => setFilterOpen(!filterOpen)}
        >
          <IconFilter size={16} /> Filter
        </button>
        <button
          type="button"
          role="switch"
          aria-checked={inactive}
          className={`switch${inactive ? ' is-on' : ''}`}
          onClick={() => go({ inactive: inactive ? '' : '1', q: '', filter: '' })}
        >
          <span className="switch__track" aria-hidden="true">
            <span className="switch__thumb" />
          </span>
          <span className="switch__text">Inactive Videos</span>
        </button>
        <button
          type="button"
          className="button button--primary button--small"
          disabled={selected.size === 0}
          onClick={() => setPickFor([...selected])}
        >
          Add Selected{selected.size ? ` (${selected.size})` : ''}
        </button>
      </div>

      {filterOpen && (
        <FilterPanel
          initial={draft}
          onApply={(d) => {
            setDraft(d);
            go({ filter: encodeFilterList(filterEntries(d)), q: '', inactive: '' });
          }}
          onClear={() => {
            setDraft(EMPTY_FILTER);
            go({ filter: '' });
          }}
        />
      )}

      {mode.kind !== 'normal' && (
        <p className="admin-mode">
          {mode.kind === 'search' && <>Search results for &ldquo;{mode.query}&rdquo;</>}
          {mode.kind === 'filter' && <>Filter results ({mode.entries.length} values)</>}
          {mode.kind === 'inactive' && <>Inactive videos</>}
          {q.data && <span className="muted"> · {countLabel(q.data.videoLength, 'video')}</span>}{' '}
          <button type="button" className="link-button" onClick={() => go({ q: '', filter: '', inactive: '' })}>
            Show all videos
          </button>
        </p>
      )}

      {state ?? (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">
                  <input
                    type="checkbox"
                    aria-label="Select all"
                    checked={allChecked}
                    onChange={() =>
                      setSelected((s) => {
                        const next = new Set(s);
                        if (allChecked) pageIds.forEach((id) => next.delete(id));
                        else pageIds.forEach((id) => next.add(id));
                        return next;
                      })
                    }
                  />
                </th>
                <th scope="col">Cover</th>
                <th scope="col">Title</th>
                <th scope="col">Genres</th>
                <th scope="col">Moods</th>
                <th scope="col">Duration</th>
                <th scope="col">Tags</th>
                <th scope="col">Processing</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {videos.map((v) => (
                <tr key={v.id} className={v.status ? undefined : 'is-off'}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Select ${v.title}`}
                      checked={selected.has(v.id)}
                      onChange={() => toggle(v.id)}
                    />
                  </td>
                  <td>
                    <Img className="admin-table__cover" src={staffImageUrl(v.image)} alt="" />
                  </td>
                  <td>
                    <Link to={`/editVideo/${v.id}`} className="admin-table__title">
                      {v.title}
                    </Link>
                    {!v.status && <span className="muted"> (access off)</span>}
                  </td>
                  <td>{v.genres.map((g) => g.title).join(', ')}</td>
                  <td>{v.moods.map((m) => m.title).join(', ')}</td>
                  <td>{formatDuration(v.duration)}</td>
                  <td className="admin-table__tags">
                    <TagsCell tags={v.tags} />
                  </td>
                  <td>
                    <ProcessingStatus
                      compact
                      videoId={v.id}
                      state={v.processing_state}
                      progress={v.processing_progress}
                      error={v.processing_error}
                    />
                  </td>
                  <td>
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
                        onClick={() => setPickFor([v.id])}
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
      <Pagination page={page} pages={pages} onChange={(n) => go({ page: String(n) })} />

      {pickFor && (
        <PlaylistPickerDialog
          title={pickFor.length > 1 ? `Add ${pickFor.length} videos to a playlist` : 'Add to a playlist'}
          busy={addToPlaylist.isPending}
          onPick={onPick}
          onClose={() => setPickFor(null)}
        />
      )}
    </div>
  );
}
