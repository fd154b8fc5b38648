import { embedSource } from '@/components/player/embed-url';
import { isListedName } from '@/lib/names';
import { MSG, TAGS_CUT } from './messages';
import type { IdTitle } from './types';

/** A new video genre or tag (spec §5): letters, digits and spaces only, more than 1 character. */
export const isValidName = isListedName;

/** The check of every form with a required title (spec §5). */
export function titleProblem(title: string): string | null {
  return title.trim() ? null : MSG.provideTitle;
}

export type VideoFormValues = {
  title: string;
  /** The external link (yt_link): empty, or one the player can play. */
  yt_link?: string;
  genres: IdTitle[];
  moods: IdTitle[];
  videogenres: IdTitle[];
  tags: IdTitle[];
  trackCount: number;
  /** The upload answered with the original's storage key. */
  uploaded: boolean;
};

/**
 * The add and edit forms' checks in the spec's order (§5): title, genre, mood, video genre,
 * tags, an external link the player cannot play (not the spec's, ours), then (add only) tracks
 * and the finished upload. Answers the first failing message.
 */
export function validateVideoForm(values: VideoFormValues, mode: 'add' | 'edit'): string | null {
  const title = titleProblem(values.title);
  if (title) return title;
  if (values.genres.length === 0) return MSG.provideGenre;
  if (values.moods.length === 0) return MSG.provideMood;
  if (values.videogenres.length === 0) return MSG.provideVideoGenre;
  if (values.tags.length === 0) return MSG.provideTags;
  if (values.yt_link?.trim() && embedSource(values.yt_link) === null) return MSG.embedLink;
  if (mode === 'edit') return null;
  if (values.trackCount === 0) return MSG.addTracks;
  if (!values.uploaded) return MSG.waitUpload;
  return null;
}

export type Excerpt = { position: number; start: number; end: number };

/**
 * Where the wizard's next excerpt starts (spec §2): one second after the previous track's end
 * (0 for the first), at the next position, as long as the album track when the video allows.
 */
export function nextExcerptDefaults(
  previous: { position: number; end_time: number } | undefined,
  trackDuration: number,
  videoDuration: number | null,
): Excerpt {
  const start = previous ? previous.end_time + 1 : 0;
  let end = start + Math.max(1, Math.round(trackDuration));
  if (videoDuration !== null && end > videoDuration) end = Math.max(start, Math.floor(videoDuration));
  return { position: previous ? previous.position + 1 : 1, start, end };
}

/** The wizard's check before a track is added: no overlap with the previous one (spec §5) first. */
export function checkExcerpt(
  excerpt: Excerpt,
  previous: { end_time: number } | undefined,
  videoDuration: number | null,
): string | null {
  if (previous && excerpt.start < previous.end_time) return MSG.overlap;
  if (!(excerpt.end > excerpt.start)) return MSG.endAfterStart;
  // A second of slack, as the server allows: slider and ffprobe may round differently.
  if (videoDuration !== null && excerpt.end > videoDuration + 1) return MSG.endInsideVideo;
  return null;
}

const IMAGE_EXT = /\.(jpe?g|png)$/i;
const SVG_EXT = /\.svg$/i;

/** Thumbnails and icons: jpeg, png, jpg; category icons on edit also svg (spec §5). */
export function isAcceptedImage(file: File, allowSvg = false): boolean {
  if (file.type === 'image/jpeg' || file.type === 'image/png') return true;
  if (allowSvg && file.type === 'image/svg+xml') return true;
  if (!file.type || file.type === 'application/octet-stream') {
    return IMAGE_EXT.test(file.name) || (allowSvg && SVG_EXT.test(file.name));
  }
  return false;
}

/** Tags column text, cut at 135 characters (spec §9); `cut` says whether "show more" applies. */
export function tagsText(tags: IdTitle[], expanded: boolean): { text: string; cut: boolean } {
  const full = tags.map((t) => t.title).join(', ');
  if (full.length <= TAGS_CUT) return { text: full, cut: false };
  return { text: expanded ? full : `${full.slice(0, TAGS_CUT)}...`, cut: true };
}

/**
 * Drop rule (spec §4): dropping an item onto a different item moves it to the target's slot,
 * the ones between shift by one; dropping on itself is ignored. Answers the new order with
 * positions counted on from the first item's (1..n for a whole list, 11..20 for its second
 * page of 10) and the two positions involved, or null.
 */
export function moveItem<T extends { id: number; position: number }>(
  items: T[],
  activeId: number,
  overId: number | null | undefined,
): { items: T[]; from: number; to: number } | null {
  if (overId === null || overId === undefined || activeId === overId) return null;
  const from = items.findIndex((i) => i.id === activeId);
  const to = items.findIndex((i) => i.id === overId);
  if (from < 0 || to < 0) return null;
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  const first = items[0]!.position;
  return {
    items: next.map((item, index) => ({ ...item, position: first + index })),
    from: items[from]!.position,
    to: items[to]!.position,
  };
}

/** The list without one item, renumbered from 1. */
export function withoutItem<T extends { id: number; position: number }>(items: T[], id: number): T[] {
  return items.filter((item) => item.id !== id).map((item, index) => ({ ...item, position: index + 1 }));
}

/** Positions to send with an edit form: the list's order, from 1. */
export function positionsOf(items: Array<{ id: number }>): Array<{ id: number; position: number }> {
  return items.map((item, index) => ({ id: item.id, position: index + 1 }));
}
