import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { CategoryWithTags, Status } from '../../types';
import { adminKeys, formData } from '../keys';

export type CategoryUpdate = { id: number; title: string; status: Status; image: File | null };

/** PUT update_category/{id}/: multipart title, status and an optional image (JPEG, PNG or SVG). */
export function updateCategory({ id, title, status, image }: CategoryUpdate): Promise<CategoryWithTags> {
  return api('/cuviewTV/update_category/{id}', {
    path: { id },
    method: 'PUT',
    body: formData({ title, status, image }),
    auth: 'required',
  });
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: (category) => {
      queryClient.setQueryData(adminKeys.category(category.id), category);
      void queryClient.invalidateQueries({ queryKey: adminKeys.categories });
    },
  });
}
