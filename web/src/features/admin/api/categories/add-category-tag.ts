import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { IdTitle } from '../../types';
import { adminKeys } from '../keys';
import { categoryTagsKey } from './get-category-tags';

/** GET add_category_tag/{tag_id}/{category_id}/ (adds although it is a GET); answers the tags. */
export function addCategoryTag({ tagId, categoryId }: { tagId: number; categoryId: number }): Promise<IdTitle[]> {
  return api('/cuviewTV/add_category_tag/{tag_id}/{category_id}', {
    path: { tag_id: tagId, category_id: categoryId },
    auth: 'required',
  });
}

export function useAddCategoryTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCategoryTag,
    onSuccess: (tags, { categoryId }) => {
      if (Array.isArray(tags)) queryClient.setQueryData(categoryTagsKey(categoryId), tags);
      else void queryClient.invalidateQueries({ queryKey: categoryTagsKey(categoryId) });
      // The dropdown hides tags already on the category: its pages are stale now.
      void queryClient.invalidateQueries({ queryKey: [...adminKeys.lookups, 'tags'] });
    },
  });
}
