import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ADMIN_PAGE_SIZE } from '../messages';

/** Page sizes the lists offer (the API takes 1 to 100). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

/**
 * A staff list's whole state in the address (issue 15): sort, filters, page and page size
 * are query parameters, so a view can be bookmarked and Back returns to it. `set` merges
 * changes, drops empty values, and goes back to page 1 unless the page itself changes.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const size = Number(params.get('size'));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : ADMIN_PAGE_SIZE;
  const values = useMemo(() => Object.fromEntries(params.entries()), [params]);
  const set = useCallback(
    (changes: Record<string, string | number | null | undefined>) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (!('page' in changes)) next.delete('page');
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === undefined || value === '' || (key === 'page' && value === 1))
            next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      });
    },
    [setParams],
  );
  const get = useCallback((key: string) => params.get(key) ?? '', [params]);
  return { values, get, page, pageSize, set };
}

export type ListParams = ReturnType<typeof useListParams>;
