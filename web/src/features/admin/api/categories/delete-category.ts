import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Message } from '../../types';
import { adminKeys } from '../keys';

/** DELETE delete_category/{id}/. */
export function deleteCategory(id: number): Promise<Message> {
  return api('/cuviewTV/delete_category/{id}', { path: { id }, method: 'DELETE', auth: 'required' });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: adminKeys.category(id) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.categories });
    },
  });
}
