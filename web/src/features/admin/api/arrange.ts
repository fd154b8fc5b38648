import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast';
import { toMessage } from '@/lib/api/client';
import { moveItem } from '../validation';

type Move = { from: number; to: number };

/**
 * A list whose order is saved at once by an arrange_* call (move semantics, answering the new
 * order): the dropped order shows at once, the server's answer replaces it, and a failure says
 * why and reloads the list. Answers the SortableList's `onMove` for the current items.
 */
export function useArrange<T extends { id: number; position: number }>(
  key: QueryKey,
  arrange: (move: Move) => Promise<T[]>,
) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const mutation = useMutation({
    mutationFn: arrange,
    onSuccess: (items) => queryClient.setQueryData(key, items),
    onError: (e) => {
      toast.show(toMessage(e));
      // The optimistic order is wrong now: take the server's again.
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
  return (items: T[]) => (activeId: number, overId: number) => {
    const moved = moveItem(items, activeId, overId);
    if (!moved) return;
    queryClient.setQueryData<T[]>(key, moved.items);
    mutation.mutate({ from: moved.from, to: moved.to });
  };
}
