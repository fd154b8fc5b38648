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
  /** Back to the list's default view: no sort, filter or page (the page size stays). */
  const clear = useCallback(
    () => setParams((current) => new URLSearchParams(current.get('size') ? { size: current.get('size')! } : {})),
    [setParams],
  );
  return { values, get, page, pageSize, set, clear };
}

export type ListParams = ReturnType<typeof useListParams>;

/**
 * The sort in force and its direction, by the api's one rule (listOrderOf): without a sort the
 * list's default, or for lists that rank a search, the best title match (sort ''); dates read
 * newest first unless told otherwise, the other columns A→Z.
 */
export function useListSort(
  list: ListParams,
  rules: { fallback: string; dated: readonly string[]; rankSearch: boolean },
): { sort: string; direction: 'asc' | 'desc'; order: 'asc' | 'desc' | undefined } {
  const sort = list.get('sort') || (rules.rankSearch && list.get('q') ? '' : rules.fallback);
  const direction = (list.get('order') || (rules.dated.includes(sort) || !sort ? 'desc' : 'asc')) as 'asc' | 'desc';
  return { sort, direction, order: list.get('order') ? direction : undefined };
}
