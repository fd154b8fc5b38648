import { useCallback, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useOutsideClick } from '@/hooks/use-outside-click';

export type MenuItem = { label: string; onSelect: () => void };

/**
 * Menu button (WAI-ARIA menu pattern): Enter, Space or ArrowDown open it, arrows move
 * between items, Escape or an outside click close it and focus returns to the button.
 */
export function MenuButton({
  label,
  buttonContent,
  items,
  className = '',
}: {
  label: string;
  buttonContent: ReactNode;
  items: MenuItem[];
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useOutsideClick(root, close, open);

  const focusItem = (index: number) => {
    const nodes = root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]');
    if (!nodes || nodes.length === 0) return;
    nodes[(index + nodes.length) % nodes.length]?.focus();
  };

  const openMenu = (focusIndex: number) => {
    setOpen(true);
    requestAnimationFrame(() => focusItem(focusIndex));
  };

  const onMenuKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const nodes = [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = nodes.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      focusItem(index + 1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      focusItem(index - 1);
    } else if (e.key === 'Home') {
      e.preventDefault();
      focusItem(0);
    } else if (e.key === 'End') {
      e.preventDefault();
      focusItem(nodes.length - 1);
    } else if (e.key === 'Escape' || e.key === 'Tab') {
      setOpen(false);
      if (e.key === 'Escape') button.current?.focus();
    }
  };

  return (
    <div className={`menu ${className}`} ref={root}>
      <button
        ref={button}
        type="button"
        className="menu__button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setOpen(false) : openMenu(0))}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            openMenu(0);
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            openMenu(-1);
          }
        }}
      >
        {buttonContent}
      </button>
      {open && (
        <ul className="menu__list" role="menu" id={menuId} aria-label={label} onKeyDown={onMenuKey}>
          {items.map((item) => (
            <li key={item.label} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className="menu__item"
                onClick={() => {
                  setOpen(false);
                  item.onSelect();
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
