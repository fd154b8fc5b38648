import { Modal } from '@/components/ui/Modal';
import { Pagination } from '@/components/ui/Pagination';
import { countLabel, formatDuration } from '@/lib/format';
import { usePlaylists } from '../api/playlists/get-playlists';
import { useTags } from '../api/lookups/get-tags';
import { useGroups } from '../api/themes/get-groups';
import { ADMIN_PAGE_SIZE, MSG } from '../messages';
import type { Group, IdTitle, PlaylistSummary } from '../types';
import { listState } from './ListState';
import { PickerList, PickerSearch, usePickerSearch } from './Picker';

type PickerProps<T> = {
  title: string;
  onPick: (item: T) => void;
  onClose: () => void;
  busy?: boolean;
  exclude?: number[];
};

/** Choose an editorial playlist: search by title, 10 per page. */
export function PlaylistPickerDialog({
  title,
  onPick,
  onClose,
  busy = false,
  exclude = [],
}: PickerProps<PlaylistSummary>) {
  const { text, query, page, setPage, search } = usePickerSearch();
  const q = usePlaylists(query, page);
  const list = q.data?.playlists.filter((p) => !exclude.includes(p.id)) ?? [];
  const pages = Math.ceil((q.data?.playlistLength ?? 0) / ADMIN_PAGE_SIZE);

  return (
    <Modal title={title} onClose={onClose} className="picker">
      <PickerSearch label="Search playlists" value={text} onChange={search} />
      {listState(q, list.length === 0, query ? MSG.noSearchResult : MSG.noResult) ?? (
        <PickerList label="Playlists" items={list} busy={busy} onPick={onPick}>
          {(p) => (
            <>
              <span>{p.title}</span>
              <span className="muted">
                {countLabel(p.number_of_videos, 'video')} · {formatDuration(p.duration)}
              </span>
            </>
          )}
        </PickerList>
      )}
      <Pagination page={page} pages={pages} onChange={setPage} />
    </Modal>
  );
}

/** Choose a theme (group). */
export function GroupPickerDialog({ title, onPick, onClose, busy = false, exclude = [] }: PickerProps<Group>) {
  const q = useGroups();
  const list = q.data?.filter((g) => !exclude.includes(g.id)) ?? [];
  return (
    <Modal title={title} onClose={onClose} className="picker">
      {listState(q, list.length === 0) ?? (
        <PickerList label="Themes" items={list} busy={busy} onPick={onPick}>
          {(g) => (
            <>
              <span>{g.title}</span>
              <span className="muted">{countLabel(g.number_of_playlists, 'playlist')}</span>
            </>
          )}
        </PickerList>
      )}
    </Modal>
  );
}

/** Choose a tag: search by name, the first 20 matches. */
export function TagPickerDialog({ title, onPick, onClose }: PickerProps<IdTitle>) {
  const { text, query, search } = usePickerSearch();
  const q = useTags(query, true);
  const list = q.data?.pages[0] ?? [];
  return (
    <Modal title={title} onClose={onClose} className="picker">
      <PickerSearch label="Search tags" value={text} onChange={search} />
      {listState(q, list.length === 0, query ? MSG.noSearchResult : MSG.noResult) ?? (
        <PickerList label="Tags" items={list} onPick={onPick}>
          {(t) => <span>{t.title}</span>}
        </PickerList>
      )}
    </Modal>
  );
}
