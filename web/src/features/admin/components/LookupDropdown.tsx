import { useId, useMemo, useRef, useState, type KeyboardEvent, type UIEvent } from 'react';
import { Disclosure } from '@/components/ui/Disclosure';
import { isAtBottom } from '@/hooks/scroll';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { ApiError, toMessage } from '@/lib/api/client';
import { DEBOUNCE_MS, SEARCH_TEXT_MAX_LENGTH } from '@/lib/constants';
import { usePagedLookup, type PagedFetcher } from '../api/lookups/paged-lookup';
import { MSG } from '../messages';
import type { IdTitle } from '../types';
import { isValidName } from '../validation';

/**
 * Searchable dropdown of the forms (spec §2): opens on click, closes on an outside click or
 * Escape; the search is debounced 500 ms; a paged source loads its next page when the list is
 * scrolled to the bottom; items already chosen are hidden; "No result" when nothing matches.
 * With `create`, a typed name that is not in the list can be created (name rule of spec §5).
 * ArrowDown and ArrowUp move between the search field and the items, Enter picks (a stranger
 * pressed ArrowDown, Enter and nothing was chosen).
 */
export function LookupDropdown({
  label,
  name,
  fetcher,
  items: staticItems,
  staticLoading = false,
  exclude = [],
  onPick,
  create,
  lowercase = false,
  extraKey,
  keepOpen = false,
}: {
  label: string;
  /** Query key name of a paged source. */
  name?: string;
  fetcher?: PagedFetcher;
  /** A fixed list filtered here instead of a paged source. */
  items?: IdTitle[];
  staticLoading?: boolean;
  exclude?: number[];
  onPick: (item: IdTitle) => void | Promise<void>;
  create?: (title: string) => Promise<IdTitle>;
  lowercase?: boolean;
  extraKey?: unknown;
  /** Stays open after a pick, the search emptied and focused, for the next one (several tags in a row). */
  keepOpen?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const listId = useId();
  const search = useRef<HTMLInputElement>(null);

  const debounced = useDebouncedValue(query, DEBOUNCE_MS);
  const paged = usePagedLookup(
    name ?? 'static',
    fetcher ?? (async () => []),
    debounced,
    open && !staticItems && Boolean(fetcher),
    extraKey,
  );

  const hidden = useMemo(() => new Set(exclude), [exclude]);
  const all: IdTitle[] = staticItems
    ? staticItems.filter((i) => i.title.toLowerCase().includes(query.trim().toLowerCase()))
    : (paged.data?.pages.flat() ?? []);
  // A page may repeat an item when the list changed between pages: show each once.
  const seen = new Set<number>();
  const items = all.filter((i) => !hidden.has(i.id) && !seen.has(i.id) && seen.add(i.id));
  const loading = staticItems ? staticLoading : open && (paged.isFetching || query !== debounced);
  const typed = query.trim();
  const exact = all.some((i) => i.title.toLowerCase() === typed.toLowerCase());
  const canCreate = Boolean(create) && typed !== '' && !exact && !loading;

  const onScroll = (e: UIEvent<HTMLUListElement>) => {
    const el = e.currentTarget;
    if (
      !staticItems &&
      paged.hasNextPage &&
      !paged.isFetchingNextPage &&
      isAtBottom(el.scrollTop, el.clientHeight, el.scrollHeight)
    ) {
      void paged.fetchNextPage();
    }
  };

  const pick = async (item: IdTitle) => {
    setError(null);
    try {
      await onPick(item);
      setQuery('');
      if (keepOpen) search.current?.focus();
      else setOpen(false);
    } catch (e) {
      setError(toMessage(e));
    }
  };

  const createNew = async () => {
    if (!create) return;
    if (!isValidName(query)) {
      setError(MSG.validName);
      return;
    }
    setCreating(true);
    setError(null);
    const title = query.trim().replace(/\s+/g, ' ');
    try {
      await pick(await create(title));
    } catch (e) {
      // Enter pressed before the search answered: the name exists, so it is the one chosen.
      const existing =
        e instanceof ApiError && e.status === 409 && fetcher
          ? (await fetcher(title, 1).catch(() => [])).find((i) => i.title.toLowerCase() === title.toLowerCase())
          : undefined;
      if (existing) await pick(existing);
      else setError(toMessage(e));
    } finally {
      setCreating(false);
    }
  };

  const show = (title: string) => (lowercase ? title.toLowerCase() : title);

  /** The search field, then every item, in order: where the arrow keys move focus. */
  const onArrow = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const stops = [...e.currentTarget.querySelectorAll<HTMLElement>('.lookup__search, .lookup__item:enabled')];
    const at = stops.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    e.preventDefault();
    stops[Math.max(0, Math.min(stops.length - 1, at + (e.key === 'ArrowDown' ? 1 : -1)))]?.focus();
  };

  return (
    <Disclosure block="lookup" label={label} open={open} setOpen={setOpen} panelId={listId}>
      <div className="lookup__panel" onKeyDown={onArrow}>
        <input
          ref={search}
          type="search"
          maxLength={SEARCH_TEXT_MAX_LENGTH}
          className="lookup__search"
          aria-label={`Search ${label.toLowerCase()}`}
          placeholder="Search"
          value={query}
          autoFocus
          onChange={(e) => {
            setQuery(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            const match = items.find((i) => i.title.toLowerCase() === typed.toLowerCase());
            if (match) void pick(match);
            else if (create && typed) void createNew();
          }}
        />
        <ul className="lookup__list" id={listId} aria-label={label} onScroll={onScroll}>
          {items.map((item) => (
            <li key={item.id}>
              <button type="button" className="lookup__item" onClick={() => void pick(item)}>
                {show(item.title)}
              </button>
            </li>
          ))}
          {canCreate && (
            <li>
              <button
                type="button"
                className="lookup__item lookup__item--create"
                disabled={creating}
                onClick={() => void createNew()}
              >
                Create &ldquo;{typed}&rdquo;
              </button>
            </li>
          )}
          {loading && <li className="lookup__note">{MSG.loading}</li>}
          {!loading && paged.isError && !staticItems && (
            <li className="lookup__note error-text">{toMessage(paged.error)}</li>
          )}
          {!loading && !paged.isError && items.length === 0 && <li className="lookup__note">{MSG.noResult}</li>}
        </ul>
        {error && (
          <p className="form-error lookup__error" role="alert">
            {error}
          </p>
        )}
      </div>
    </Disclosure>
  );
}

/** Chosen items as removable chips, with a dropdown to add more (genres, moods, video genres, tags). */
export function MultiPicker({
  label,
  value,
  onChange,
  ...dropdown
}: {
  label: string;
  value: IdTitle[];
  onChange: (value: IdTitle[]) => void;
} & Omit<Parameters<typeof LookupDropdown>[0], 'label' | 'exclude' | 'onPick'>) {
  const ids = useMemo(() => value.map((v) => v.id), [value]);
  return (
    <fieldset className="multi-picker">
      <legend>{label}</legend>
      <ul className="chips" aria-label={`Chosen ${label.toLowerCase()}`}>
        {value.map((item) => (
          <li key={item.id} className="chip">
            {item.title}
            <button
              type="button"
              className="chip__remove"
              aria-label={`Remove ${item.title}`}
              onClick={() => onChange(value.filter((v) => v.id !== item.id))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <LookupDropdown
        {...dropdown}
        label={`Add ${label.toLowerCase()}`}
        exclude={ids}
        onPick={(item) => onChange([...value, item])}
        keepOpen
      />
    </fieldset>
  );
}
