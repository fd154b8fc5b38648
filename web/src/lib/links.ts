import type { FilterEntry, Id, Playlist } from './api/types';
import { slugTitle } from './format';

/** Player address /home?g&p&v (v omitted: the playlist's first video). */
export function playerHref(t: { playlistId: Id; groupId: Id; videoId?: Id | null }): string {
  const q = new URLSearchParams({ g: String(t.groupId), p: String(t.playlistId) });
  if (t.videoId) q.set('v', String(t.videoId));
  return `/home?${q.toString()}`;
}

/** Where a playlist tile leads: its first (cover) video in the player. */
export function playlistPlayerHref(p: Playlist, fallbackGroup: Id): string {
  return playerHref({
    playlistId: p.id,
    groupId: p.group_id ?? fallbackGroup,
    videoId: p.video_id ?? p.video?.id ?? null,
  });
}

export const groupHref = (id: Id, title: string) => `/group/${id}/${slugTitle(title)}`;
export const playlistHref = (id: Id, title: string) => `/playlist/${id}/${slugTitle(title)}`;
export const myPlaylistHref = (id: Id, title: string) => `/myPlaylist/${id}/${slugTitle(title)}`;
export const categoryHref = (id: Id, title: string) => `/category/${slugTitle(title)}/${id}`;

/** Filter list in a path: `id!kind` entries joined by `|` (DESIGN §2.6). */
export function encodeFilterList(entries: Pick<FilterEntry, 'id' | 'kind'>[]): string {
  return entries.map((e) => `${e.id}!${e.kind}`).join('|');
}

export function decodeFilterList(text: string | undefined): FilterEntry[] {
  if (!text) return [];
  const out: FilterEntry[] = [];
  for (const part of decodeURIComponent(text).split('|')) {
    const [id, kind] = part.split('!').map(Number);
    if (Number.isInteger(id) && id! > 0 && Number.isInteger(kind) && kind! >= 2 && kind! <= 8) {
      if (!out.some((e) => e.id === id && e.kind === kind)) out.push({ id: id!, kind: kind as FilterEntry['kind'] });
    }
  }
  return out;
}

export const filterResultsHref = (entries: Pick<FilterEntry, 'id' | 'kind'>[]) =>
  `/filter_results/${encodeFilterList(entries)}`;
