import { useState, type ReactNode } from 'react';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { DEBOUNCE_MS, SEARCH_TEXT_MAX_LENGTH } from '@/lib/constants';

/** A picker's search: the text as typed, the query once typing pauses, and its page (back to 1 on a new text). */
export function usePickerSearch() {
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const search = (next: string) => {
    setText(next);
    setPage(1);
  };
  return { text, query, page, setPage, search };
}

/** The search box above a picker's list. */
export function PickerSearch({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
}) {
  return (
    <input
      type="search"
      maxLength={SEARCH_TEXT_MAX_LENGTH}
      className="picker__search"
      aria-label={label}
      placeholder={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** A list of choices, one button each; the chosen one is marked. */
export function PickerList<T extends { id: number }>({
  label,
  items,
  chosen = null,
  busy = false,
  onPick,
  children,
}: {
  label?: string;
  items: readonly T[];
  chosen?: number | null;
  busy?: boolean;
  onPick: (item: T) => void;
  children: (item: T) => ReactNode;
}) {
  return (
    <ul className="picker__list" aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>
          <button
            type="button"
            className={`picker__item${chosen === item.id ? ' is-selected' : ''}`}
            disabled={busy}
            onClick={() => onPick(item)}
          >
            {children(item)}
          </button>
        </li>
      ))}
    </ul>
  );
}

export type PickerColumn<T> = { header: string; cell: (row: T) => ReactNode };

/**
 * A table of choices (the track wizard's albums and tracks): the columns, then a Choose
 * button named "Choose {noun} {title}"; the chosen row is marked.
 */
export function PickerTable<T extends { id: number; title: string }>({
  noun,
  columns,
  rows,
  chosen,
  onChoose,
}: {
  noun: string;
  columns: readonly PickerColumn<T>[];
  rows: readonly T[];
  chosen: number | null;
  onChoose: (row: T) => void;
}) {
  return (
    <div className="admin-table-scroll">
      <table className="admin-table admin-table--compact admin-table--cards">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col">
                {c.header}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">Choose</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className={chosen === row.id ? 'is-selected' : undefined}>
              {columns.map((c) => (
                <td key={c.header}>{c.cell(row)}</td>
              ))}
              <td>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={`Choose ${noun} ${row.title}`}
                  onClick={() => onChoose(row)}
                >
                  Choose
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
