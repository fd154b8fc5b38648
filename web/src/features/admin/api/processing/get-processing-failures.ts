import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useToast } from '@/components/ui/toast';
import { api } from '@/lib/api/client';
import { FAILURE_POLL_MS } from '../../messages';
import type { ProcessingFailures } from '../../types';
import { adminKeys } from '../keys';

/** GET get_processing_failures/: how many videos failed processing, and the latest. */
export function getProcessingFailures(signal?: AbortSignal): Promise<ProcessingFailures> {
  return api('/cuviewTV/get_processing_failures', { auth: 'required', signal });
}

/** The latest failure this browser has told staff about, so a reload does not say it again. */
const SEEN_KEY = 'cuview.processing.seenFailure';

/**
 * The console's failure notice: polled on every admin screen; the menu shows the count, and a
 * failure newer than the last one seen is announced once in a toast.
 */
export function useProcessingFailures() {
  const toast = useToast();
  const q = useQuery({
    queryKey: adminKeys.processingFailures,
    queryFn: ({ signal }) => getProcessingFailures(signal),
    refetchInterval: FAILURE_POLL_MS,
  });
  const latest = q.data?.latest_failed_at ?? null;
  const title = q.data?.latest_title ?? '';
  const first = useRef(true);
  useEffect(() => {
    if (!latest) return;
    const seen = localStorage.getItem(SEEN_KEY);
    localStorage.setItem(SEEN_KEY, latest);
    // The first answer after sign-in only records where things stand, unless it is news.
    const isNew = seen !== null ? latest > seen : !first.current;
    first.current = false;
    if (isNew) toast.show(`Processing failed: ${title}`);
  }, [latest, title, toast]);
  return q.data?.failed ?? 0;
}
