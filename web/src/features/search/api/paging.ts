import type { VideoPage } from '@/lib/api/types';

/** Viewer list page size (DESIGN §2.5). */
export const PAGE_SIZE = 20;

/**
 * Next page of a video list while fewer than `videoLength` videos are loaded, or, when that is
 * a lower bound (`videoLengthEstimated`: a wide filter's "1,000+"), while pages come back full.
 */
export function nextVideoPage(last: VideoPage, all: VideoPage[], lastPage: number): number | undefined {
  const loaded = all.reduce((n, p) => n + p.videos.length, 0);
  const more = last.videoLengthEstimated ? last.videos.length >= PAGE_SIZE : loaded < last.videoLength;
  return last.videos.length > 0 && more ? lastPage + 1 : undefined;
}

/** Next page of a plain list: a full page suggests there is more. */
export function nextListPage(last: unknown[], lastPage: number): number | undefined {
  return last.length >= PAGE_SIZE ? lastPage + 1 : undefined;
}

/**
 * Paging rule of spec viewer §4: page 1 (or index 0) replaces the list, later pages append.
 * useInfiniteQuery keeps pages apart; this is the one place that flattens them.
 */
export function mergePage<T>(current: T[], incoming: T[], page: number): T[] {
  return page <= 1 ? incoming : [...current, ...incoming];
}

export function flattenPages<T>(pages: T[][]): T[] {
  return pages.reduce<T[]>((acc, items, i) => mergePage(acc, items, i + 1), []);
}

/** Empty typed text goes as a single space for artists, composers, tags and video genres. */
export function termOrSpace(term: string): string {
  return term.trim() === '' ? ' ' : term.trim();
}
