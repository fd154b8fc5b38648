import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { toList } from '@/lib/api/normalise';
import type { Playlist } from '@/lib/api/types';

/** GET {prefix}/get_concerts_and_performances/ (public). */
export async function getConcerts(): Promise<Playlist[]> {
  return toList<Playlist>(await api<unknown>('get_concerts_and_performances/'));
}

export const concertsQueryOptions = () => queryOptions({ queryKey: ['catalogue', 'concerts'], queryFn: getConcerts });

export function useConcerts() {
  return useQuery(concertsQueryOptions());
}
