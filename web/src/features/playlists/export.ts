import { downloadPlaylistInfo } from './api/download-playlist-info';

export const EXPORT_FAILED = 'Something went wrong, please try again';

/** Export: downloads playlist_{title}.xlsx; a failure raises the spec's alert. */
export async function exportPlaylist(id: number, title: string): Promise<void> {
  try {
    await downloadPlaylistInfo(id, title);
  } catch {
    window.alert(EXPORT_FAILED);
  }
}
