import { useState } from 'react';

/**
 * A list's chosen rows (issue 15): single rows, the page, or "everything the filter matches".
 * A new filter (`view`, e.g. its JSON) lets go of them, since "everything matching" meant the
 * old one; turning pages keeps them.
 */
export function useSelection(pageIds: number[], view: string) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const [seenView, setSeenView] = useState(view);
  if (seenView !== view) {
    // Reset while rendering (React's way for state that follows a prop), not in an effect.
    setSeenView(view);
    setSelected(new Set());
    setAllMatching(false);
  }
  const allChecked = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const update = (change: (next: Set<number>) => void) => {
    setAllMatching(false);
    setSelected((current) => {
      const next = new Set(current);
      change(next);
      return next;
    });
  };
  return {
    selected,
    allMatching,
    allChecked,
    setAllMatching,
    isChosen: (id: number) => allMatching || selected.has(id),
    toggle: (id: number) => update((next) => (next.has(id) ? next.delete(id) : next.add(id))),
    togglePage: () => update((next) => pageIds.forEach((id) => (allChecked ? next.delete(id) : next.add(id)))),
    drop: (id: number) => setSelected((current) => new Set([...current].filter((other) => other !== id))),
    clear: () => {
      setSelected(new Set());
      setAllMatching(false);
    },
    /** How many an action would take: the filter's whole count, or the chosen rows. */
    count: (total: number) => (allMatching ? total : selected.size),
  };
}

export type Selection = ReturnType<typeof useSelection>;
