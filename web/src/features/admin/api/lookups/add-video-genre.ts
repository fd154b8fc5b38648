import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { IdTitle } from '../../types';
import { adminKeys } from '../keys';

/** POST add_videogenre/ {title}: a new video genre (name rule checked before, spec §5). */
export function addVideoGenre(title: string): Promise<IdTitle> {
  return api('/cuviewTV/add_videogenre', { method: 'POST', body: { title }, auth: 'required' });
}

export function useAddVideoGenre() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addVideoGenre,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...adminKeys.lookups, 'videogenres'] }),
  });
}
