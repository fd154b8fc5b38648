import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { IdTitle } from '../../types';
import { adminKeys } from '../keys';

/** POST add_tag/ {title}: a new tag (name rule checked before, spec §5). */
export function addTag(title: string): Promise<IdTitle> {
  return api('/cuviewTV/add_tag', { method: 'POST', body: { title }, auth: 'required' });
}

export function useAddTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...adminKeys.lookups, 'tags'] }),
  });
}
