import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { IconSettings } from '@/components/ui/icons';
import { useOutsideClick } from '@/hooks/use-outside-click';
import type { QualityLevel } from './use-hls';

/**
 * Quality picker: Auto (with the rendition playing now) and the stream's renditions, highest
 * first. Hidden when the stream announced none (single rendition or native HLS). A menu button:
 * opening moves focus to the checked entry, the arrows move between entries, Escape closes and
 * gives focus back to the button.
 */
export function QualityMenu({
  levels,
  level,
  playingLevel,
  onChange,
}: {
  levels: QualityLevel[];
  level: number;
  playingLevel: number;
  onChange: (index: number) => void;
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
  if (levels.length === 0) return null;

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape') {
      e.stopPropagation();
      close();
      button.current?.focus();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      e.stopPropagation();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      items[(at + step + items.length) % items.length]?.focus();
    }
  };
  const autoLabel = playingLevel >= 0 ? levels.find((l) => l.index === playingLevel)?.label : undefined;

  return (
    <div className="player__quality" ref={root}>
      <button
        ref={button}
        type="button"
        className="icon-button"
        aria-label="Quality"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <IconSettings />
      </button>
      {open && (
        <ul ref={menu} className="player__quality-menu" role="menu" aria-label="Quality" onKeyDown={onKeyDown}>
          {[{ index: -1, label: autoLabel ? `Auto (${autoLabel})` : 'Auto' }, ...levels].map((l) => (
            <li key={l.index} role="none">
              <button
                type="button"
                role="menuitemradio"
                tabIndex={-1}
                aria-checked={level === l.index}
                onClick={() => {
                  onChange(l.index);
                  close();
                  button.current?.focus();
                }}
              >
                {l.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
