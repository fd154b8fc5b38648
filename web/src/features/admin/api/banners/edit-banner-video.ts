import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Banner, Status } from '../../types';
import { adminKeys, formData } from '../keys';
import type { BannerPage } from './browse-banners';

/** revision: the one the form loaded; the server answers 409 when someone else saved since. */
export type BannerEdit = { id: number; title: string; status: Status; revision: number; image: File | null };

/** PUT edit_banner_video/{id}/: multipart `data` JSON {title, status, revision} and an optional image `file`. */
export function editBannerVideo({ id, title, status, revision, image }: BannerEdit): Promise<Banner> {
  return api('/cuviewTV/edit_banner_video/{id}', {
    path: { id },
    method: 'PUT',
    body: formData({ data: JSON.stringify({ title, status, revision }), file: image }),
    auth: 'required',
  });
}

export function useEditBannerVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editBannerVideo,
    onSuccess: (banner) => {
      // The saved banner at once (its new revision too), so the panel opened again before the
      // refetch does not send the old revision and refuse its own person's next save.
      queryClient.setQueriesData<BannerPage>({ queryKey: [...adminKeys.banners, 'browse'] }, (page) =>
        page ? { ...page, banners: page.banners.map((item) => (item.id === banner.id ? banner : item)) } : page,
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.banners });
    },
  });
}
