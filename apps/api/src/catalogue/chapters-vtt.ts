import type { TrackDto } from './dto/video.dto.js';

/** WebVTT time: hh:mm:ss.ttt. */
function vttTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** Cue text is plain text: `<` and `&` would start markup, a blank line would end the cue. */
function cueText(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * A WebVTT chapters track of a video's tracks ("Title — Artists"), so that any player given
 * the video (the browser's own, a casting receiver) can show and jump between them. Cues may
 * not overlap: each ends where the next one starts at the latest.
 */
export function chaptersVtt(
  tracks: Pick<TrackDto, 'position' | 'title' | 'members' | 'starts_at' | 'ends_at'>[],
): string {
  const sorted = [...tracks].sort((a, b) => a.starts_at - b.starts_at);
  const cues = sorted.map((t, i) => {
    const next = sorted[i + 1];
    const end = next ? Math.min(t.ends_at, next.starts_at) : t.ends_at;
    const artists = t.members.map((m) => m.title).join(', ');
    const title = artists ? `${t.title} — ${artists}` : t.title;
    return `${t.position}\n${vttTime(t.starts_at)} --> ${vttTime(Math.max(end, t.starts_at))}\n${cueText(title)}\n`;
  });
  return ['WEBVTT', '', ...cues].join('\n');
}
