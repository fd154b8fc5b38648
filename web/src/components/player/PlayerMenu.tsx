import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useOutsideClick } from '@/hooks/use-outside-click';

export type PlayerMenuItem = { key: string; label: string; checked: boolean; lang?: string };

/**
 * A menu button of the player's control bar with one choice checked (quality, subtitles):
 * opening moves focus to the checked entry, the arrows move between entries, Escape closes and
 * gives focus back to the button.
 */
export function PlayerMenu({
  label,
  icon,
  items,
  active = false,
  onPick,
}: {
  label: string;
  icon: ReactNode;
  items: PlayerMenuItem[];
  /** Marks the button (e.g. subtitles on). */
  active?: boolean;
  onPick: (key: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useOutsideClick(root, close, open);
  useEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>('[aria-checked="true"]')?.focus();
  }, [open]);

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const entries = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape') {
      e.stopPropagation();
      close();
      button.current?.focus();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      e.stopPropagation();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      entries[(at + step + entries.length) % entries.length]?.focus();
    }
  };

  return (
    <div className="player__quality" ref={root}>
      <button
        ref={button}
        type="button"
        className={`icon-button${active ? ' icon-button--on' : ''}`}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {icon}
      </button>
      {open && (
        <ul ref={menu} className="player__quality-menu" role="menu" aria-label={label} onKeyDown={onKeyDown}>
          {items.map((item) => (
            <li key={item.key} role="none">
              <button
                type="button"
                role="menuitemradio"
                tabIndex={-1}
                lang={item.lang}
                aria-checked={item.checked}
                onClick={() => {
                  onPick(item.key);
                  close();
                  button.current?.focus();
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
