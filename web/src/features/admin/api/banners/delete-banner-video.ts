import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Message } from '../../types';
import { adminKeys } from '../keys';

/** DELETE delete_banner_video/{id}/: the others close the gap. */
export function deleteBannerVideo(id: number): Promise<Message> {
  return api('/cuviewTV/delete_banner_video/{id}', { path: { id }, method: 'DELETE', auth: 'required' });
}

export function useDeleteBannerVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBannerVideo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.banners }),
  });
}
