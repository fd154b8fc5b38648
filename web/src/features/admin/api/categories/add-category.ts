import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { CategoryWithTags, Status } from '../../types';
import { adminKeys, formData } from '../keys';

export type NewCategory = { title: string; status: Status; image: File | null };

/** POST add_category/: multipart title, status, image (JPEG or PNG). */
export function addCategory({ title, status, image }: NewCategory): Promise<CategoryWithTags> {
  return api('/cuviewTV/add_category', {
    method: 'POST',
    body: formData({ title, status, image }),
    auth: 'required',
  });
}

export function useAddCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCategory,
    onSuccess: (category) => {
      // The answer is kept (spec §7): the editor opens without another round trip.
      queryClient.setQueryData(adminKeys.category(category.id), category);
      void queryClient.invalidateQueries({ queryKey: adminKeys.categories });
    },
  });
}
