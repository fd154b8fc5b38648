import { useState } from 'react';
import { FilterKind } from '@/lib/api/types';
import { useGenres } from '../api/lookups/get-genres';
import { useMoods } from '../api/lookups/get-moods';
import { getTags } from '../api/lookups/get-tags';
import { getVideoGenres } from '../api/lookups/get-video-genres';
import { MultiPicker } from '../components/LookupDropdown';
import type { IdTitle } from '../types';

export type FilterDraft = { genres: IdTitle[]; moods: IdTitle[]; videogenres: IdTitle[]; tags: IdTitle[] };
export const EMPTY_FILTER: FilterDraft = { genres: [], moods: [], videogenres: [], tags: [] };

/** The draft as the filter list of DESIGN §2.6: {id, kind} entries. */
export function filterEntries(draft: FilterDraft): Array<{ id: number; kind: FilterKind }> {
  return [
    ...draft.genres.map((g) => ({ id: g.id, kind: FilterKind.genre })),
    ...draft.moods.map((m) => ({ id: m.id, kind: FilterKind.mood })),
    ...draft.videogenres.map((v) => ({ id: v.id, kind: FilterKind.videoGenre })),
    ...draft.tags.map((t) => ({ id: t.id, kind: FilterKind.tag })),
  ];
}

/** The admin video list's filter panel: genres, moods, video genres and tags, then Apply. */
export function FilterPanel({
  initial,
  onApply,
  onClear,
}: {
  initial: FilterDraft;
  onApply: (draft: FilterDraft) => void;
  onClear: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const genres = useGenres();
  const moods = useMoods();
  const set = (key: keyof FilterDraft) => (value: IdTitle[]) => setDraft((d) => ({ ...d, [key]: value }));
  const count = filterEntries(draft).length;
  return (
    <section className="filter-box" aria-label="Filter videos">
      <div className="filter-box__grid">
        <MultiPicker
          label="Genres"
          value={draft.genres}
          onChange={set('genres')}
          items={genres.data ?? []}
          staticLoading={genres.isPending}
        />
        <MultiPicker
          label="Moods"
          value={draft.moods}
          onChange={set('moods')}
          items={moods.data ?? []}
          staticLoading={moods.isPending}
        />
        <MultiPicker
          label="Video genres"
          value={draft.videogenres}
          onChange={set('videogenres')}
          name="videogenres"
          fetcher={getVideoGenres}
        />
        <MultiPicker
          label="Tags"
          value={draft.tags}
          onChange={set('tags')}
          name="tags"
          fetcher={(q, p, s) => getTags(q, p, s)}
        />
      </div>
      <div className="filter-box__actions">
        <button
          type="button"
          className="button button--primary button--small"
          disabled={count === 0}
          onClick={() => onApply(draft)}
        >
          Apply filters
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => {
            setDraft(EMPTY_FILTER);
            onClear();
          }}
        >
          Clear
        </button>
      </div>
    </section>
  );
}
