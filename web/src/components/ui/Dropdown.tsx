import { useCallback, useId, useState, type UIEvent } from 'react';
import { isAtBottom } from '@/hooks/scroll';
import type { Named } from '@/lib/api/types';
import { Disclosure } from './Disclosure';

/**
 * Dropdown list of spec viewer §2 (promo block): titles in lower case, "Loading..." while
 * loading, "No result" when empty, closes on an outside click or Escape, and asks for the
 * next page when scrolled to the bottom.
 */
export function Dropdown({
  label,
  items,
  loading,
  onOpenChange,
  onSelect,
  onScrollEnd,
}: {
  label: string;
  items: Named[];
  loading: boolean;
  onOpenChange?: (open: boolean) => void;
  onSelect: (item: Named) => void;
  onScrollEnd?: () => void;
}) {
  const [open, setOpenState] = useState(false);
  const listId = useId();
  const setOpen = useCallback(
    (value: boolean) => {
      setOpenState(value);
      onOpenChange?.(value);
    },
    [onOpenChange],
  );
  const close = useCallback(() => setOpen(false), [setOpen]);

  const onScroll = (e: UIEvent<HTMLUListElement>) => {
    const el = e.currentTarget;
    if (onScrollEnd && isAtBottom(el.scrollTop, el.clientHeight, el.scrollHeight)) onScrollEnd();
  };

  return (
    <Disclosure block="dropdown" label={label} open={open} setOpen={setOpen} panelId={listId}>
      <ul className="dropdown__list" id={listId} aria-label={label} onScroll={onScroll}>
        {items.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className="dropdown__item"
              onClick={() => {
                close();
                onSelect(item);
              }}
            >
              {item.title.toLowerCase()}
            </button>
          </li>
        ))}
        {loading && <li className="dropdown__note">Loading...</li>}
        {!loading && items.length === 0 && <li className="dropdown__note">No result</li>}
      </ul>
    </Disclosure>
  );
}
