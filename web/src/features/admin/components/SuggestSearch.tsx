import { useCallback, useId, useRef, useState } from 'react';
import { IconSearch } from '@/components/ui/icons';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useOutsideClick } from '@/hooks/use-outside-click';
import { DEBOUNCE_MS, SEARCH_TEXT_MAX_LENGTH } from '@/lib/constants';
import type { IdTitle } from '../types';

/** A query hook answering suggestions for a text (called on every render, as hooks are). */
type UseSuggestions = (query: string) => { data?: IdTitle[] | undefined };

/** For lists short enough to search without suggestions (themes, banners, categories). */
export const noSuggestions: UseSuggestions = () => ({});

/**
 * Title search with suggestions (spec §2): suggestions follow the typing after 500 ms; Enter,
 * the Search button or a suggestion runs the search; an empty search goes back to the list.
 */
export function SuggestSearch({
  label,
  suggestions,
  onSearch,
  initial = '',
}: {
  label: string;
  suggestions: UseSuggestions;
  onSearch: (text: string) => void;
  initial?: string;
}) {
  const [text, setText] = useState(initial);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const root = useRef<HTMLFormElement>(null);
  const listId = useId();
  const debounced = useDebouncedValue(text, DEBOUNCE_MS);
  // Asked only while the list is open: running a search closes it and costs no extra call.
  const q = suggestions(open ? debounced : '');
  const items = text.trim() && debounced.trim() ? (q.data ?? []) : [];
  const close = useCallback(() => {
    setOpen(false);
    setActive(-1);
  }, []);
  useOutsideClick(root, close, open);

  const run = (value: string) => {
    setText(value);
    close();
    onSearch(value.trim());
  };

  return (
    <form
      ref={root}
      role="search"
      className="admin-search"
      onSubmit={(e) => {
        e.preventDefault();
        run(active >= 0 && items[active] ? items[active].title : text);
      }}
    >
      <div className="admin-search__box">
        <IconSearch size={18} />
        <input
          type="search"
          maxLength={SEARCH_TEXT_MAX_LENGTH}
          aria-label={label}
          placeholder={label}
          value={text}
          role="combobox"
          aria-expanded={open && items.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' && items.length) {
              e.preventDefault();
              setOpen(true);
              setActive((i) => (i + 1) % items.length);
            } else if (e.key === 'ArrowUp' && items.length) {
              e.preventDefault();
              setActive((i) => (i <= 0 ? items.length - 1 : i - 1));
            } else if (e.key === 'Escape') close();
          }}
        />
      </div>
      <button type="submit" className="button button--ghost button--small">
        Search
      </button>
      {open && items.length > 0 && (
        <ul className="admin-search__list" id={listId} role="listbox" aria-label={`${label} suggestions`}>
          {items.map((item, i) => (
            <li
              key={item.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={`admin-search__item${i === active ? ' is-active' : ''}`}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => run(item.title)}
            >
              {item.title}
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
