import { useState } from 'react';
import { Modal } from '@/components/ui/Modal';
import { Pagination } from '@/components/ui/Pagination';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { toMessage } from '@/lib/api/client';
import { DEBOUNCE_MS } from '@/lib/constants';
import { countLabel, formatDuration } from '@/lib/format';
import { usePlaylists } from '../api/playlists/get-playlists';
import { useGroups } from '../api/themes/get-groups';
import { ADMIN_PAGE_SIZE, MSG } from '../messages';
import type { Group, PlaylistSummary } from '../types';

/** Choose an editorial playlist: search by title, 10 per page. */
export function PlaylistPickerDialog({
  title,
  onPick,
  onClose,
  busy = false,
  exclude = [],
}: {
  title: string;
  onPick: (playlist: PlaylistSummary) => void;
  onClose: () => void;
  busy?: boolean;
  exclude?: number[];
}) {
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebouncedValue(text, DEBOUNCE_MS);
  const q = usePlaylists(query, page);
  const list = q.data?.playlists.filter((p) => !exclude.includes(p.id)) ?? [];
  const pages = Math.ceil((q.data?.playlistLength ?? 0) / ADMIN_PAGE_SIZE);

  return (
    <Modal title={title} onClose={onClose} className="picker">
      <input
        type="search"
        className="picker__search"
        aria-label="Search playlists"
        placeholder="Search playlists"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setPage(1);
        }}
      />
      {q.isPending ? (
        <p className="loading">{MSG.loading}</p>
      ) : q.isError ? (
        <p className="error-text">{toMessage(q.error)}</p>
      ) : list.length === 0 ? (
        <p className="muted">{query.trim() ? MSG.noSearchResult : MSG.noResult}</p>
      ) : (
        <ul className="picker__list" aria-label="Playlists">
          {list.map((p) => (
            <li key={p.id}>
              <button type="button" className="picker__item" disabled={busy} onClick={() => onPick(p)}>
                <span>{p.title}</span>
                <span className="muted">
                  {countLabel(p.number_of_videos, 'video')} · {formatDuration(p.duration)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pages={pages} onChange={setPage} />
    </Modal>
  );
}

/** Choose a theme (group). */
export function GroupPickerDialog({
  title,
  onPick,
  onClose,
  busy = false,
  exclude = [],
}: {
  title: string;
  onPick: (group: Group) => void;
  onClose: () => void;
  busy?: boolean;
  exclude?: number[];
}) {
  const q = useGroups();
  const list = q.data?.filter((g) => !exclude.includes(g.id)) ?? [];
  return (
    <Modal title={title} onClose={onClose} className="picker">
      {q.isPending ? (
        <p className="loading">{MSG.loading}</p>
      ) : q.isError ? (
        <p className="error-text">{toMessage(q.error)}</p>
      ) : list.length === 0 ? (
        <p className="muted">{MSG.noResult}</p>
      ) : (
        <ul className="picker__list" aria-label="Themes">
          {list.map((g) => (
            <li key={g.id}>
              <button type="button" className="picker__item" disabled={busy} onClick={() => onPick(g)}>
                <span>{g.title}</span>
                <span className="muted">{countLabel(g.number_of_playlists, 'playlist')}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
