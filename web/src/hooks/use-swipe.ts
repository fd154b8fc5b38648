import { useRef, type PointerEvent } from 'react';

/** A finger must travel this far sideways for a swipe: shorter moves are taps and wobbles. */
export const SWIPE_MIN_PX = 40;

/**
 * The step of a finished gesture moved by (dx, dy): 1 (to the next) for a swipe to the left,
 * -1 for a swipe to the right, 0 when it was too short or more up and down than sideways (a
 * page scroll that drifted).
 */
export function swipeStep(dx: number, dy: number, min = SWIPE_MIN_PX): -1 | 0 | 1 {
  if (Math.abs(dx) < min || Math.abs(dx) <= 1.5 * Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

/**
 * Pointer handlers that call `onSwipe(step)` on a horizontal swipe of a finger or pen (the mouse
 * has buttons for the same). The element needs `touch-action: pan-y` so that the browser leaves
 * sideways moves to the page and still scrolls it up and down; a vertical scroll cancels the
 * pointer, and with it the swipe.
 */
export function useSwipe(onSwipe: (step: 1 | -1) => void) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  return {
    onPointerDown: (e: PointerEvent) => {
      if (e.pointerType === 'mouse' || !e.isPrimary) return;
      start.current = { id: e.pointerId, x: e.clientX, y: e.clientY };
    },
    onPointerUp: (e: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== e.pointerId) return;
      const step = swipeStep(e.clientX - from.x, e.clientY - from.y);
      if (step !== 0) onSwipe(step);
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}
