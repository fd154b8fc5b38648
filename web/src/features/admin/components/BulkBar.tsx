import type { ReactNode } from 'react';
import { countLabel } from '@/lib/format';

/**
 * What a list's selection can do (issue 15): the count, a switch from "these rows" to
 * "everything the filter matches", the actions, and Clear. Shown only with a selection.
 */
export function BulkBar({
  noun,
  selected,
  matching,
  allMatching,
  onAllMatching,
  onClear,
  busy,
  children,
}: {
  noun: string;
  selected: number;
  /** How many the current filter matches (all pages). */
  matching: number;
  allMatching: boolean;
  onAllMatching: (on: boolean) => void;
  onClear: () => void;
  busy: boolean;
  children: ReactNode;
}) {
  if (selected === 0 && !allMatching) return null;
  return (
    <div className="bulk-bar" role="toolbar" aria-label="Bulk actions">
      <span className="bulk-bar__count" aria-live="polite">
        {allMatching ? `All ${countLabel(matching, noun)} matching` : `${selected} selected`}
      </span>
      {!allMatching && matching > selected && (
        <button type="button" className="link-button" onClick={() => onAllMatching(true)}>
          Select all {countLabel(matching, noun)} matching
        </button>
      )}
      <fieldset className="bulk-bar__actions" disabled={busy}>
        <legend className="visually-hidden">Act on the selection</legend>
        {children}
      </fieldset>
      <button type="button" className="button button--ghost button--small" onClick={onClear}>
        Clear selection
      </button>
    </div>
  );
}

/** The answer of a bulk action as one notice: what changed, then the items left, with why. */
export function bulkNotice(result: { message: string; skipped: { id: number; reason: string }[] }): string {
  if (result.skipped.length === 0) return result.message;
  const shown = result.skipped.slice(0, 5).map((s) => `#${s.id} ${s.reason}`);
  const more = result.skipped.length > 5 ? `, and ${result.skipped.length - 5} more` : '';
  return `${result.message}. Left as they were: ${shown.join('; ')}${more}`;
}
