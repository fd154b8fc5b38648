import { DEFAULTS } from '@/lib/constants';
import { playerHref } from '@/lib/links';
import { readPlayTarget } from '@/lib/storage';

export type MenuKey = 'search' | 'home' | 'content' | 'categories' | 'myPlaylists' | 'promo';

export function homeHref(t: { videoId: number; playlistId: number; groupId: number }): string {
  return playerHref(t);
}

/** Content reopens the last stored video, playlist and group (defaults 403 / 54 / 4). */
export function contentHref(): string {
  return homeHref(readPlayTarget(DEFAULTS.content));
}

export const promoHref = homeHref(DEFAULTS.promo);

/** Which side-menu entry the address belongs to (highlighted). */
export function activeMenuKey(pathname: string, search: string): MenuKey | null {
  if (pathname === '/') return 'home';
  if (pathname.startsWith('/search') || pathname.startsWith('/filter_results')) return 'search';
  if (pathname.startsWith('/category')) return 'categories';
  if (pathname.startsWith('/myPlaylist')) return 'myPlaylists';
  if (pathname === '/home') {
    const q = new URLSearchParams(search);
    return q.get('p') === String(DEFAULTS.promo.playlistId) && q.get('g') === String(DEFAULTS.promo.groupId)
      ? 'promo'
      : 'content';
  }
  return null;
}
