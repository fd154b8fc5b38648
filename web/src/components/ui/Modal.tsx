import { useEffect, useId, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { IconClose } from './icons';

function onFullscreenChange(callback: () => void): () => void {
  document.addEventListener('fullscreenchange', callback);
  return () => document.removeEventListener('fullscreenchange', callback);
}

/**
 * Where dialogs go: the fullscreen element while there is one (the player's "?" list over
 * the fullscreen video), since nothing outside it is drawn then; the page's body otherwise.
 */
export function useDialogContainer(): Element {
  return useSyncExternalStore(
    onFullscreenChange,
    () => document.fullscreenElement ?? document.body,
    () => document.body,
  );
}

/**
 * Accessible dialog: labelled by its title, Escape and an outside click close it, focus
 * moves in on open, stays inside with Tab, and returns to the opener on close. It is drawn
 * over a fullscreen element too (useDialogContainer), and moves with focus when the page
 * enters or leaves fullscreen while it is open.
 */
export function Modal({
  title,
  onClose,
  children,
  className = '',
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const container = useDialogContainer();

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const node = ref.current;
    // A disabled control cannot take focus (a list still waiting for its answer): the next one does.
    const first = node?.querySelector<HTMLElement>(
      'input:not([disabled]), button:not(.modal__close):not([disabled]), [href], select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
    );
    (first ?? node)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        onCloseRef.current();
      } else if (e.key === 'Tab' && node) {
        const focusable = [
          ...node.querySelectorAll<HTMLElement>(
            'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])',
          ),
        ];
        if (focusable.length === 0) return;
        const firstEl = focusable[0]!;
        const lastEl = focusable[focusable.length - 1]!;
        if (e.shiftKey && document.activeElement === firstEl) {
          e.preventDefault();
          lastEl.focus();
        } else if (!e.shiftKey && document.activeElement === lastEl) {
          e.preventDefault();
          firstEl.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus?.();
    };
  }, [container]);

  return createPortal(
    <div
      className="modal-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div
        ref={ref}
        className={`modal ${className}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className="modal__header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button modal__close" aria-label="Close" onClick={onClose}>
            <IconClose />
          </button>
        </header>
        {children}
      </div>
    </div>,
    container,
  );
}
