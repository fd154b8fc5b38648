import { useCallback, useMemo, useState } from 'react';
import type { Id } from '@/lib/api/types';

/**
 * Selection mode of result lists (spec viewer §4): Select turns checkboxes on; All selects
 * every result (or clears when all are already selected) and turns the mode on; Exit leaves
 * the mode and clears the selection.
 */
export function useSelection(allIds: Id[]) {
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<Id>>(() => new Set());
  const allSelected = allIds.length > 0 && allIds.every((id) => selected.has(id));

  const toggle = useCallback((id: Id) => {
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  const start = useCallback(() => setSelecting(true), []);
  const selectAll = useCallback(() => {
    setSelecting(true);
    setSelected(allSelected ? new Set() : new Set(allIds));
  }, [allIds, allSelected]);
  const exit = useCallback(() => {
    setSelecting(false);
    setSelected(new Set());
  }, []);
  const clear = useCallback(() => setSelected(new Set()), []);

  return useMemo(
    () => ({ selecting, selected, allSelected, toggle, start, selectAll, exit, clear }),
    [selecting, selected, allSelected, toggle, start, selectAll, exit, clear],
  );
}

export type Selection = ReturnType<typeof useSelection>;

/** Select / All / Exit / Add to. "Add to" looks enabled (yellow) only with a selection. */
export function SelectionBar({ selection, onAddTo }: { selection: Selection; onAddTo: (ids: Id[]) => void }) {
  const count = selection.selected.size;
  return (
    <div className="selection-bar" role="toolbar" aria-label="Selection">
      {!selection.selecting ? (
        <button type="button" className="button button--ghost" onClick={selection.start}>
          Select
        </button>
      ) : (
        <button type="button" className="button button--ghost" onClick={selection.exit}>
          Exit
        </button>
      )}
      <button
        type="button"
        className="button button--ghost"
        aria-pressed={selection.allSelected}
        onClick={selection.selectAll}
      >
        All
      </button>
      {selection.selecting && (
        <>
          <button
            type="button"
            className={`button ${count > 0 ? 'button--primary' : 'button--muted'}`}
            aria-disabled={count === 0}
            onClick={() => {
              if (count === 0) {
                window.alert('please, choose a video');
                return;
              }
              onAddTo([...selection.selected]);
            }}
          >
            Add to
          </button>
          <span className="selection-bar__count" aria-live="polite">
            {count} selected
          </span>
        </>
      )}
    </div>
  );
}
