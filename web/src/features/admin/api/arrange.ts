import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast';
import { toMessage } from '@/lib/api/client';
import { moveItem } from '../validation';

type Move = { from: number; to: number };

/** Where a page of a hand-ordered list keeps its items, and what the move changes besides it. */
export interface PageLens<T, D> {
  withItems: (data: D, items: T[]) => D;
  /** Every view of the list (its other pages and sorts, the pickers' whole list). */
  refresh: QueryKey;
}

/**
 * A page of a hand-ordered list whose order is saved at once by an arrange_* call (move
 * semantics, positions of the whole list): the page shows the drop at once, every view of the
 * list is read again once it is saved, and a failure says why and reloads the page. Answers
 * the SortableList's `onMove` for the page's items.
 */
export function useArrange<T extends { id: number; position: number }, D>(
  key: QueryKey,
  arrange: (move: Move) => Promise<unknown>,
  page: PageLens<T, D>,
) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const mutation = useMutation({
    mutationFn: arrange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: page.refresh }),
    onError: (e) => {
      toast.show(toMessage(e));
      // The optimistic order is wrong now: take the server's again.
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
  return (items: T[]) => (activeId: number, overId: number) => {
    const moved = moveItem(items, activeId, overId);
    if (!moved) return;
    queryClient.setQueryData<D>(key, (data) => data && page.withItems(data, moved.items));
    mutation.mutate({ from: moved.from, to: moved.to });
  };
}
