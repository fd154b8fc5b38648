import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { PROCESSING_POLL_MS } from '../../messages';
import type { ProcessingOverview } from '../../types';
import { adminKeys } from '../keys';

/** GET get_processing_overview/: every video queued, processing or failed, with its job. */
export function getProcessingOverview(signal?: AbortSignal): Promise<ProcessingOverview> {
  return api('/cuviewTV/get_processing_overview', { auth: 'required', signal });
}

export const processingOverviewQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.processing,
    queryFn: ({ signal }) => getProcessingOverview(signal),
    // Polled while anything is queued or running, so bars move and finished videos leave the list.
    refetchInterval: (query) => {
      const counts = query.state.data?.counts;
      return !counts || counts.queued + counts.processing > 0 ? PROCESSING_POLL_MS : false;
    },
  });

export function useProcessingOverview() {
  return useQuery(processingOverviewQueryOptions());
}
