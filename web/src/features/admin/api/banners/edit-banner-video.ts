import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Banner, Status } from '../../types';
import { adminKeys, formData } from '../keys';

export type BannerEdit = { id: number; title: string; status: Status; image: File | null };

/** PUT edit_banner_video/{id}/: multipart `data` JSON {title, status} and an optional image `file`. */
export function editBannerVideo({ id, title, status, image }: BannerEdit): Promise<Banner> {
  return api('/cuviewTV/edit_banner_video/{id}', {
    path: { id },
    method: 'PUT',
    body: formData({ data: JSON.stringify({ title, status }), file: image }),
    auth: 'required',
  });
}

export function useEditBannerVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editBannerVideo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.banners }),
  });
}
