import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { SCROLL_TOLERANCE_PX } from '@/lib/constants';
import { readSessionJson, SessionKey, writeSessionJson } from '@/lib/storage';

/** Bottom reached, within the spec's 1 px tolerance. */
export function isAtBottom(
  scrollTop: number,
  clientHeight: number,
  scrollHeight: number,
  tolerance = SCROLL_TOLERANCE_PX,
): boolean {
  return scrollTop + clientHeight >= scrollHeight - tolerance;
}

/**
 * Calls `onBottom` when the window is scrolled to its bottom (infinite scroll). Also checks
 * whenever `contentKey` changes, so a first page too short to scroll still loads the next.
 */
export function useWindowBottom(onBottom: () => void, enabled: boolean, contentKey?: unknown): void {
  const cb = useRef(onBottom);
  cb.current = onBottom;
  useEffect(() => {
    if (!enabled) return undefined;
    const check = () => {
      const doc = document.documentElement;
      if (isAtBottom(window.scrollY, window.innerHeight, doc.scrollHeight)) cb.current();
    };
    const frame = requestAnimationFrame(check);
    window.addEventListener('scroll', check, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', check);
    };
  }, [enabled, contentKey]);
}

type ScrollMap = Record<string, number>;

/**
 * Keeps the window's scroll position per address in session storage (`results-scroll`) and
 * puts it back once the screen's data is ready, so "back" lands where the person was.
 */
export function useScrollRestoration(key: string, ready: boolean): void {
  const restored = useRef<string | null>(null);

  useEffect(() => {
    let frame = 0;
    const save = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const map = readSessionJson<ScrollMap>(SessionKey.resultsScroll, {});
        map[key] = Math.round(window.scrollY);
        writeSessionJson(SessionKey.resultsScroll, map);
      });
    };
    window.addEventListener('scroll', save, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', save);
    };
  }, [key]);

  useEffect(() => {
    if (!ready || restored.current === key) return;
    restored.current = key;
    const y = readSessionJson<ScrollMap>(SessionKey.resultsScroll, {})[key];
    window.scrollTo({ top: typeof y === 'number' ? y : 0 });
  }, [key, ready]);
}

/**
 * True once the queries under `prefix` have data and none is fetching: the moment a page is
 * as tall as it will be, so a saved scroll position can be put back.
 */
export function useQueriesSettled(prefix: readonly unknown[]): boolean {
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ queryKey: prefix });
  const hasData = queryClient
    .getQueryCache()
    .findAll({ queryKey: prefix })
    .some((q) => q.state.data !== undefined);
  return fetching === 0 && hasData;
}
