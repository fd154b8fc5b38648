import { useCallback, useRef, type ReactNode } from 'react';
import { useOutsideClick } from '@/hooks/use-outside-click';
import { IconChevronDown } from './icons';

/**
 * A button that shows and hides the panel under it (`children`, rendered while open): closes on
 * an outside click or Escape, which gives the focus back to the button. `block` names the CSS
 * block (`{block}` on the root, `{block}__button` on the button).
 */
export function Disclosure({
  block,
  label,
  open,
  setOpen,
  panelId,
  children,
}: {
  block: string;
  label: string;
  open: boolean;
  setOpen: (open: boolean) => void;
  panelId: string;
  children: ReactNode;
}) {
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), [setOpen]);
  useOutsideClick(root, close, open);
  return (
    <div
      className={block}
      ref={root}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          close();
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className={`${block}__button`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {label} <IconChevronDown size={16} />
      </button>
      {open && children}
    </div>
  );
}
