import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { BackArrow } from '@/components/ui/BackArrow';
import { IconClose, IconSearch } from '@/components/ui/icons';
import { useScrollRestoration } from '@/hooks/scroll';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useOutsideClick } from '@/hooks/use-outside-click';
import type { FilterEntry } from '@/lib/api/types';
import { DEBOUNCE_MS, SEARCH_TEXT_MAX_LENGTH } from '@/lib/constants';
import { decodeFilterList, encodeFilterList } from '@/lib/links';
import { useFilterResults } from '../api/get-filter-results';
import { useSearchPlaylists } from '../api/get-search-playlists';
import { useSearchResults } from '../api/get-search-results';
import { useSearchSuggestions } from '../api/get-search-suggestions';
import { addFilterEntry, removeFilterEntry } from '../filter-list';
import { PagedFacetPanel, WholeFacetPanel } from './FacetPanel';
import { NamedFilters } from './NamedFilters';
import { PlaylistResults } from './PlaylistResults';
import { VideoResults } from './VideoResults';
import { FILTER_KIND_LABEL } from '../api/get-filter-titles';

/** Search tabs 1..6 (DESIGN §2.6); title search is the default. */
export const SEARCH_TABS = [
  { id: 1, label: 'Search By Title' },
  { id: 2, label: 'Artists' },
  { id: 3, label: 'Composers' },
  { id: 4, label: 'Genres' },
  { id: 5, label: 'Moods' },
  { id: 6, label: 'Tags' },
] as const;

/**
 * /search. State lives in the address (tab, q for the title search, f for the filter list)
 * so back navigation returns to the same results.
 */
export function SearchScreen() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const tab = Math.min(6, Math.max(1, Number(params.get('tab')) || 1));
  const q = params.get('q') ?? '';
  const fParam = params.get('f') ?? '';
  const filters = useMemo(() => decodeFilterList(fParam), [fParam]);
  const [titles, setTitles] = useState<Record<string, string>>({});

  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  };

  const pick = (entry: FilterEntry) => {
    if (entry.title) setTitles((t) => ({ ...t, [`${entry.id}!${entry.kind}`]: entry.title! }));
    update({ f: encodeFilterList(addFilterEntry(filters, entry)) });
  };

  const searchResults = useSearchResults(tab === 1 ? q : '');
  const playlistResults = useSearchPlaylists(tab === 1 ? q : '');
  const filterResults = useFilterResults(tab === 1 ? [] : filters);
  const active = tab === 1 ? searchResults : filterResults;
  // The title search's two rows appear together, so the playlists never push the videos down.
  const playlistsWaiting = tab === 1 && q.trim() !== '' && playlistResults.isPending;
  const videosWaiting = active.isPending && active.fetchStatus !== 'idle';
  useScrollRestoration(location.pathname + location.search, !videosWaiting && !playlistsWaiting);

  return (
    <div className="page search">
      <header className="page__header">
        <BackArrow />
        <h1>Search</h1>
      </header>
      <div className="tabs tabs--wrap" role="tablist" aria-label="Search by">
        {SEARCH_TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            className={`tab${tab === t.id ? ' is-active' : ''}`}
            onClick={() => update({ tab: String(t.id) })}
          >
            {t.label}
          </button>
        ))}
      </div>

      <div className="search__panel" role="tabpanel" aria-label={SEARCH_TABS[tab - 1]!.label}>
        {tab === 1 && <TitleSearch initial={q} onSearch={(text) => update({ q: text })} />}
        {tab === 1 && <NamedFilters text={q} />}
        {tab === 2 && <PagedFacetPanel facet="artists" label="Artists" filters={filters} onPick={pick} />}
        {tab === 3 && <PagedFacetPanel facet="composers" label="Composers" filters={filters} onPick={pick} />}
        {tab === 4 && <WholeFacetPanel facet="genres" label="Genres" filters={filters} onPick={pick} />}
        {tab === 5 && <WholeFacetPanel facet="moods" label="Moods" filters={filters} onPick={pick} />}
        {tab === 6 && <PagedFacetPanel facet="tags" label="Tags" filters={filters} onPick={pick} />}
      </div>

      {tab !== 1 && filters.length > 0 && (
        <ul className="chips" aria-label="Active filters">
          {filters.map((f) => (
            <li key={`${f.id}!${f.kind}`} className="chip">
              <span>
                {FILTER_KIND_LABEL[f.kind]}: {titles[`${f.id}!${f.kind}`] ?? `#${f.id}`}
              </span>
              <button
                type="button"
                className="chip__remove"
                aria-label={`Remove filter ${titles[`${f.id}!${f.kind}`] ?? f.id}`}
                onClick={() => update({ f: encodeFilterList(removeFilterEntry(filters, f)) })}
              >
                <IconClose size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}

      <section className="search__results" aria-label="Results">
        {tab === 1 ? (
          <>
            {!videosWaiting && !playlistsWaiting && q.trim() !== '' && <PlaylistResults query={playlistResults} />}
            <VideoResults
              query={searchResults}
              resetKey={`q:${q}`}
              idle={q.trim() === ''}
              waiting={playlistsWaiting}
              otherResults={(playlistResults.data?.length ?? 0) > 0}
            />
          </>
        ) : (
          <VideoResults query={filterResults} resetKey={`f:${fParam}`} idle={filters.length === 0} />
        )}
      </section>
    </div>
  );
}

/** Title search with suggestions that open 500 ms after typing and close on search. */
function TitleSearch({ initial, onSearch }: { initial: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(initial);
  const [open, setOpen] = useState(false);
  const debounced = useDebouncedValue(text, DEBOUNCE_MS);
  const suggestions = useSearchSuggestions(open ? debounced : '');
  const root = useRef<HTMLFormElement>(null);
  const inputId = useId();
  const listId = useId();
  useOutsideClick(root, () => setOpen(false), open);
  const showList = open && debounced.trim() !== '' && debounced === text;

  useEffect(() => setText(initial), [initial]);

  const submit = (value: string) => {
    setOpen(false);
    setText(value);
    onSearch(value.trim());
  };

  return (
    <form
      ref={root}
      className="title-search"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        submit(text);
      }}
    >
      <label htmlFor={inputId} className="visually-hidden">
        Search by title
      </label>
      <div className="title-search__box">
        <input
          id={inputId}
          type="search"
          maxLength={SEARCH_TEXT_MAX_LENGTH}
          value={text}
          placeholder="Title, artist, composer or a word"
          autoComplete="off"
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpen(false);
          }}
        />
        <button type="submit" className="button button--primary" aria-label="Search">
          <IconSearch size={18} />
        </button>
      </div>
      {showList && (
        <ul className="suggestions" id={listId} role="listbox" aria-label="Suggestions">
          {suggestions.isFetching && <li className="muted">Loading...</li>}
          {!suggestions.isFetching && (suggestions.data ?? []).length === 0 && <li className="muted">No Results</li>}
          {(suggestions.data ?? []).map((s) => (
            <li key={s.id} role="option" aria-selected={false}>
              <button type="button" className="suggestions__item" onClick={() => submit(s.title)}>
                {s.title}
              </button>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
