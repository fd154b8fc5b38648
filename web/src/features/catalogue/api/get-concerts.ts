import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Playlist } from '@/lib/api/types';

/** GET {prefix}/get_concerts_and_performances/ (public). */
export function getConcerts(): Promise<Playlist[]> {
  return api('/cuviewTV/get_concerts_and_performances');
}

export const concertsQueryOptions = () => queryOptions({ queryKey: ['catalogue', 'concerts'], queryFn: getConcerts });

export function useConcerts() {
  return useQuery(concertsQueryOptions());
}
