import { useEffect, useState, type ReactNode } from 'react';
import { PAGE_SIZES, type ListParams } from '../hooks/use-list-params';

export type SortOption = { value: string; label: string };

/** The access filter's choices, the same on every list. */
export const ACCESS_OPTIONS = [
  { value: 'on', label: 'On' },
  { value: 'off', label: 'Off' },
] as const;

/**
 * A column heading that sorts the list: the first click sorts by it, the next reverses;
 * `aria-sort` says which way. The order lives in the address (`sort`, `order`).
 */
export function SortHeader({
  list,
  sort,
  label,
  active,
  direction,
}: {
  list: ListParams;
  sort: string;
  label: string;
  /** The sort in force (the address's or the list's default). */
  active: string;
  direction: 'asc' | 'desc';
}) {
  const on = active === sort;
  return (
    <th scope="col" aria-sort={on ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button
        type="button"
        className={`sort-button${on ? ' is-active' : ''}`}
        onClick={() => list.set({ sort, order: on ? (direction === 'asc' ? 'desc' : 'asc') : null })}
      >
        {label}
        <span aria-hidden="true">{on ? (direction === 'asc' ? ' ▲' : ' ▼') : ''}</span>
      </button>
    </th>
  );
}

/** Sort and page size as menus: on a phone the table's headings are hidden, so this is how to sort there. */
export function ListOptions({
  list,
  sorts,
  active,
  direction,
  children,
}: {
  list: ListParams;
  sorts: readonly SortOption[];
  active: string;
  direction: 'asc' | 'desc';
  children?: ReactNode;
}) {
  return (
    <div className="list-options">
      {children}
      <label className="list-options__field">
        <span>Sort by</span>
        <select value={active} onChange={(e) => list.set({ sort: e.target.value, order: null })}>
          {sorts.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      <label className="list-options__field">
        <span>Order</span>
        <select value={direction} onChange={(e) => list.set({ order: e.target.value })}>
          <option value="asc">Ascending</option>
          <option value="desc">Descending</option>
        </select>
      </label>
      <label className="list-options__field">
        <span>Per page</span>
        <select value={list.pageSize} onChange={(e) => list.set({ size: Number(e.target.value) })}>
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** A filter menu bound to one address parameter; the empty choice is "any". */
export function FilterSelect({
  list,
  name,
  label,
  options,
}: {
  list: ListParams;
  name: string;
  label: string;
  options: readonly SortOption[];
}) {
  return (
    <label className="list-options__field">
      <span>{label}</span>
      <select value={list.get(name)} onChange={(e) => list.set({ [name]: e.target.value })}>
        <option value="">Any</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A day bound (YYYY-MM-DD) bound to one address parameter. */
/** A date the filter can use: empty (no filter) or a whole day with a four-digit year. */
export function isWholeDate(value: string): boolean {
  return value === '' || (/^\d{4}-\d{2}-\d{2}$/.test(value) && Number(value.slice(0, 4)) >= 1900);
}

/**
 * A day filter kept in the address. The browser reports every keystroke of a typed year
 * ("0002-03-15", "0020-03-15", ...): the field keeps those as typed and the list is filtered
 * only once the date is whole; leaving the field with half a date puts back the applied one.
 */
export function DateFilter({ list, name, label }: { list: ListParams; name: string; label: string }) {
  const applied = list.get(name);
  const [draft, setDraft] = useState(applied);
  useEffect(() => setDraft(applied), [applied]);
  return (
    <label className="list-options__field">
      <span>{label}</span>
      <input
        type="date"
        value={draft}
        onChange={(e) => {
          setDraft(e.target.value);
          if (isWholeDate(e.target.value) && e.target.value !== applied) list.set({ [name]: e.target.value });
        }}
        onBlur={() => {
          if (!isWholeDate(draft)) setDraft(applied);
        }}
      />
    </label>
  );
}

/** A playlist, theme or tag the list is narrowed to, with Choose and Clear. */
export function MembershipFilter({
  label,
  id,
  title,
  onChoose,
  onClear,
}: {
  label: string;
  id: number | undefined;
  title: string | undefined;
  onChoose: () => void;
  onClear: () => void;
}) {
  return (
    <div className="list-options__field">
      <span>{label}</span>
      {id === undefined ? (
        <button type="button" className="button button--ghost button--small" onClick={onChoose}>
          Any {label.toLowerCase()}
        </button>
      ) : (
        <span className="chip">
          {title ?? `#${id}`}
          <button type="button" className="chip__remove" aria-label={`Any ${label.toLowerCase()}`} onClick={onClear}>
            ×
          </button>
        </span>
      )}
    </div>
  );
}

/** Whether a hand-ordered list shows its hand order whole: the one view where dragging means something. */
export function isHandOrder(sort: string, direction: 'asc' | 'desc', filtered: boolean): boolean {
  return sort === 'position' && direction === 'asc' && !filtered;
}

/**
 * Above a list with a hand order (the order viewers see, changed by dragging): says whether
 * dragging is on here, and offers the way back to the one view where it is.
 */
export function HandOrderNote({ list, handOrder }: { list: ListParams; handOrder: boolean }) {
  if (handOrder) {
    return (
      <p className="hand-order-note muted" role="note">
        Hand order: the order viewers see. Drag a row by its handle to move it.
      </p>
    );
  }
  return (
    <p className="hand-order-note muted" role="note">
      Sorted or filtered view: drag reordering is off here.{' '}
      <button type="button" className="link-button" onClick={() => list.clear()}>
        Show the hand order to reorder
      </button>
    </p>
  );
}
