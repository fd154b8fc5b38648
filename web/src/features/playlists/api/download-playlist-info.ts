import { apiBlob } from '@/lib/api/client';
import type { Id } from '@/lib/api/types';

/** GET {prefix}/download_playlist_info/{playlistId}/: an xlsx file saved as playlist_{title}.xlsx. */
export async function downloadPlaylistInfo(playlistId: Id, title: string): Promise<void> {
  const blob = await apiBlob('/cuviewTV/download_playlist_info/{playlistId}', {
    path: { playlistId },
    auth: 'required',
  });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `playlist_${title}.xlsx`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
