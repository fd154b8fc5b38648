import { useId, useState, type UIEvent } from 'react';
import { Loading } from '@/components/ui/Loading';
import { isAtBottom } from '@/hooks/scroll';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { toMessage } from '@/lib/api/client';
import type { FilterEntry, Named } from '@/lib/api/types';
import { DEBOUNCE_MS, SEARCH_TEXT_MAX_LENGTH } from '@/lib/constants';
import { FACET_KIND, usePagedFacet, useWholeFacet, type PagedFacet, type WholeFacet } from '../api/get-facets';
import { flattenPages } from '../api/paging';

type Props = {
  label: string;
  filters: FilterEntry[];
  onPick: (entry: FilterEntry) => void;
};

function FacetList({
  label,
  items,
  loading,
  error,
  isPicked,
  onPick,
  onScrollEnd,
}: {
  label: string;
  items: Named[];
  loading: boolean;
  error: unknown;
  isPicked: (item: Named) => boolean;
  onPick: (item: Named) => void;
  onScrollEnd?: () => void;
}) {
  const onScroll = (e: UIEvent<HTMLUListElement>) => {
    const el = e.currentTarget;
    if (onScrollEnd && isAtBottom(el.scrollTop, el.clientHeight, el.scrollHeight)) onScrollEnd();
  };
  if (error) return <p className="error-text">{toMessage(error)}</p>;
  return (
    <ul className="facet-list" aria-label={label} onScroll={onScroll}>
      {items.map((item) => {
        const picked = isPicked(item);
        return (
          <li key={item.id}>
            <button
              type="button"
              className={`facet-list__item${picked ? ' is-on' : ''}`}
              aria-pressed={picked}
              onClick={() => onPick(item)}
            >
              {item.title}
            </button>
          </li>
        );
      })}
      {loading && (
        <li>
          <Loading />
        </li>
      )}
      {!loading && items.length === 0 && <li className="muted">No Results</li>}
    </ul>
  );
}

function useTerm() {
  const [text, setText] = useState('');
  return { text, setText, term: useDebouncedValue(text, DEBOUNCE_MS) };
}

function FacetInput({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="field field--inline">
      <label htmlFor={id}>Find {label.toLowerCase()}</label>
      <input
        id={id}
        type="search"
        maxLength={SEARCH_TEXT_MAX_LENGTH}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="off"
      />
    </div>
  );
}

/** Artists, composers, tags: searchable (500 ms), paged by scrolling the list. */
export function PagedFacetPanel({ facet, label, filters, onPick }: Props & { facet: PagedFacet }) {
  const { text, setText, term } = useTerm();
  const q = usePagedFacet(facet, term, filters);
  const kind = FACET_KIND[facet];
  return (
    <div className="facet-panel">
      <FacetInput label={label} value={text} onChange={setText} />
      <FacetList
        label={label}
        items={flattenPages(q.data?.pages ?? [])}
        loading={q.isFetching}
        error={q.error}
        isPicked={(item) => filters.some((f) => f.id === item.id && f.kind === kind)}
        onPick={(item) => onPick({ id: item.id, title: item.title, kind })}
        onScrollEnd={() => {
          if (q.hasNextPage && !q.isFetchingNextPage) void q.fetchNextPage();
        }}
      />
    </div>
  );
}

/** Genres and moods: one list, narrowed on the client by the typed text. */
export function WholeFacetPanel({ facet, label, filters, onPick }: Props & { facet: WholeFacet }) {
  const { text, setText, term } = useTerm();
  const q = useWholeFacet(facet, filters);
  const kind = FACET_KIND[facet];
  const needle = term.trim().toLowerCase();
  const items = (q.data ?? []).filter((i) => !needle || i.title.toLowerCase().includes(needle));
  return (
    <div className="facet-panel">
      <FacetInput label={label} value={text} onChange={setText} />
      <FacetList
        label={label}
        items={items}
        loading={q.isFetching}
        error={q.error}
        isPicked={(item) => filters.some((f) => f.id === item.id && f.kind === kind)}
        onPick={(item) => onPick({ id: item.id, title: item.title, kind })}
      />
    </div>
  );
}
