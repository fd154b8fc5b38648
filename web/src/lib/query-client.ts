import { QueryClient } from '@tanstack/react-query';
import { ApiError, isOutage } from './api/client';
import { isUnavailableStatus } from './api/service-status';

/** Tries of a read while the service is unavailable: about two minutes with the delays below. */
const OUTAGE_RETRIES = 8;

/**
 * Reads are retried with growing delays (1, 2, 4 ... 30 s) while the service is unavailable;
 * client errors will not get better by retrying, other server errors get two more tries.
 */
export function retryQuery(count: number, error: unknown): boolean {
  if (error instanceof ApiError) {
    if (error.status < 500) return false;
    return count < (isUnavailableStatus(error.status) ? OUTAGE_RETRIES : 2);
  }
  return count < (isOutage(error) ? OUTAGE_RETRIES : 2);
}

export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: retryQuery,
        retryDelay,
      },
    },
  });
}
