import type { ReactNode } from 'react';
import { countLabel } from '@/lib/format';
import type { Selection } from '../hooks/use-selection';

/**
 * What a list's selection can do (issue 15): the count, a switch from "these rows" to
 * "everything the filter matches", the actions, and Clear. Shown only with a selection.
 */
export function BulkBar({
  noun,
  selection,
  matching,
  busy,
  children,
}: {
  noun: string;
  selection: Selection;
  /** How many the current filter matches (all pages). */
  matching: number;
  busy: boolean;
  children: ReactNode;
}) {
  const { selected, allMatching } = selection;
  if (selected.size === 0 && !allMatching) return null;
  return (
    <div className="bulk-bar" role="toolbar" aria-label="Bulk actions">
      <span className="bulk-bar__count" aria-live="polite">
        {allMatching ? `All ${countLabel(matching, noun)} matching` : `${selected.size} selected`}
      </span>
      {!allMatching && matching > selected.size && (
        <button type="button" className="link-button" onClick={() => selection.setAllMatching(true)}>
          Select all {countLabel(matching, noun)} matching
        </button>
      )}
      <fieldset className="bulk-bar__actions" disabled={busy}>
        <legend className="visually-hidden">Act on the selection</legend>
        {children}
      </fieldset>
      <button type="button" className="button button--ghost button--small" onClick={selection.clear}>
        Clear selection
      </button>
    </div>
  );
}

/** The heading's box: chooses (or lets go of) every row of the page. */
export function SelectPageBox({ selection }: { selection: Selection }) {
  return (
    <input
      type="checkbox"
      aria-label="Select all"
      checked={selection.allChecked || selection.allMatching}
      onChange={selection.togglePage}
    />
  );
}

/** A row's box. */
export function SelectRowBox({ selection, id, name }: { selection: Selection; id: number; name: string }) {
  return (
    <input
      type="checkbox"
      aria-label={`Select ${name}`}
      checked={selection.isChosen(id)}
      onChange={() => selection.toggle(id)}
    />
  );
}

/** The one question before a bulk delete, naming how many. */
export function confirmBulkDelete(count: number, noun: string): boolean {
  return window.confirm(`Delete ${countLabel(count, noun)}? This cannot be undone.`);
}

/**
 * The answer of a bulk action as one notice: what changed, then the items left, with why, by
 * title when `titleOf` knows it (the rows on screen), otherwise by id.
 */
export function bulkNotice(
  result: { message: string; skipped: { id: number; reason: string }[] },
  titleOf: (id: number) => string | undefined = () => undefined,
): string {
  if (result.skipped.length === 0) return result.message;
  const name = (id: number) => {
    const title = titleOf(id);
    return title === undefined ? `#${id}` : `“${title}”`;
  };
  const shown = result.skipped.slice(0, 5).map((s) => `${name(s.id)} ${s.reason}`);
  const more = result.skipped.length > 5 ? `, and ${result.skipped.length - 5} more` : '';
  return `${result.message}. Left as they were: ${shown.join('; ')}${more}`;
}
