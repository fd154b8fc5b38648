import { useCallback } from 'react';
import { useToast } from '@/components/ui/toast';
import { toMessage } from '@/lib/api/client';

/**
 * Callbacks for a mutation that reports by notice, as the admin's list actions do: `message`
 * on success (then `then` with the answer), the failure's own message otherwise, or `failure`
 * where the spec words it.
 */
export function useNotify() {
  const toast = useToast();
  return useCallback(
    <T = unknown>(message: string, then?: (answer: T) => void, failure?: string) => ({
      onSuccess: (answer: T) => {
        toast.show(message);
        then?.(answer);
      },
      onError: (e: unknown) => {
        toast.show(failure ?? toMessage(e));
      },
    }),
    [toast],
  );
}
