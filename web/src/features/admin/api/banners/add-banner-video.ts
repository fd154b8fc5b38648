import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Banner, Status } from '../../types';
import { adminKeys } from '../keys';

export type NewBanner = { video_id: number; playlist_id: number; group_id: number; title: string; status: Status };

/** POST add_banner_video/ {video_id, playlist_id, group_id, status, title}: a banner at the end. */
export function addBannerVideo(banner: NewBanner): Promise<Banner> {
  return api('/cuviewTV/add_banner_video', { method: 'POST', body: banner, auth: 'required' });
}

export function useAddBannerVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addBannerVideo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.banners }),
  });
}
