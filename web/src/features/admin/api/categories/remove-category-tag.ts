import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { IdTitle, Message } from '../../types';
import { adminKeys } from '../keys';
import { categoryTagsKey } from './get-category-tags';

/** DELETE remove_category_tag/{tag_id}/{category_id}/. */
export function removeCategoryTag({ tagId, categoryId }: { tagId: number; categoryId: number }): Promise<Message> {
  return api('/cuviewTV/remove_category_tag/{tag_id}/{category_id}', {
    path: { tag_id: tagId, category_id: categoryId },
    method: 'DELETE',
    auth: 'required',
  });
}

export function useRemoveCategoryTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCategoryTag,
    onSuccess: (_answer, { tagId, categoryId }) => {
      queryClient.setQueryData<IdTitle[]>(categoryTagsKey(categoryId), (tags) => tags?.filter((t) => t.id !== tagId));
      void queryClient.invalidateQueries({ queryKey: [...adminKeys.lookups, 'tags'] });
    },
  });
}
