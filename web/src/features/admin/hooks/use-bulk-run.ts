import type { UseMutationResult } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast';
import { toMessage } from '@/lib/api/client';
import { bulkNotice } from '../components/BulkBar';
import type { Selection } from './use-selection';

interface BulkResult {
  message: string;
  skipped: { id: number; reason: string }[];
}

/**
 * A list's bulk action: sent for the chosen rows, or for everything the filter matches when
 * the selection says so; the answer (or the error) is shown in a toast, then `onDone` runs
 * (closing a dialog) and the selection is cleared. `notice` may word a success its own way.
 * `only` sends it for those rows instead (a row's own button), leaving the selection as it is.
 */
export function useBulkRun<Body extends { action: string }, Result extends BulkResult>(
  bulk: UseMutationResult<Result, Error, Body>,
  selection: Selection,
  filter: unknown,
  options: {
    onDone: () => void;
    /** The title of an item on screen, to name the ones left as they were. */
    titleOf?: (id: number) => string | undefined;
    notice?: (action: Body['action'], result: Result) => string;
  },
): (action: Body['action'], extra?: Partial<Body>, only?: number[]) => void {
  const toast = useToast();
  return (action, extra = {}, only) => {
    const target = only ? { ids: only } : selection.allMatching ? { filter } : { ids: [...selection.selected] };
    bulk.mutate({ action, ...target, ...extra } as unknown as Body, {
      onSuccess: (result) => {
        toast.show(options.notice?.(action, result) ?? bulkNotice(result, options.titleOf));
        options.onDone();
        if (!only) selection.clear();
      },
      onError: (e) => toast.show(toMessage(e)),
    });
  };
}
