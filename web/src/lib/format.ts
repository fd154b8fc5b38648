/** Duration as h:mm:ss rounded to whole seconds (spec viewer §3), for example 0:04:05. */
export function formatDuration(seconds: number | null | undefined): string {
  const total = Math.max(0, Math.round(Number(seconds) || 0));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** Merges comma-separated artist and composer texts without duplicates (spec: playlist grid). */
export function mergeNames(...texts: Array<string | null | undefined>): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const text of texts) {
    for (const part of (text ?? '').split(',')) {
      const name = part.trim();
      const key = name.toLowerCase();
      if (name && !seen.has(key)) {
        seen.add(key);
        out.push(name);
      }
    }
  }
  return out.join(', ');
}

/** "Jane Doe" -> "JD" for the avatar menu. */
export function initials(first?: string | null, last?: string | null): string {
  const a = (first ?? '').trim().charAt(0);
  const b = (last ?? '').trim().charAt(0);
  return (a + b).toUpperCase() || '?';
}

/** URL-safe title segment for routes such as /playlist/{id}/{title}. */
export function slugTitle(title: string | null | undefined): string {
  return encodeURIComponent((title ?? '').trim() || 'untitled');
}

/** "1 video", "3 videos". */
export function countLabel(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
