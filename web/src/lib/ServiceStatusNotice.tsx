import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useServiceUnavailable } from './api/service-status';

/** How often reads that gave up are tried again while the service is unavailable. */
const RETRY_EVERY_MS = 5000;

/**
 * "Service unavailable, retrying" while the API cannot answer (DESIGN.md §2.3). The person stays
 * signed in; reads that gave up are tried again every few seconds, so the screen fills in by
 * itself and the notice goes away as soon as the service is back.
 */
export function ServiceStatusNotice() {
  const unavailable = useServiceUnavailable();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!unavailable) return undefined;
    const timer = setInterval(() => {
      void queryClient.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' });
    }, RETRY_EVERY_MS);
    return () => clearInterval(timer);
  }, [unavailable, queryClient]);
  if (!unavailable) return null;
  return (
    <div className="service-notice" role="status" aria-live="polite">
      The service is unavailable right now. Retrying…
    </div>
  );
}
