/**
 * Query keys of the admin console. Everything starts with 'admin' so a sign-out or a broad
 * invalidation reaches it; each domain has its own prefix for mutations to invalidate.
 */
export const adminKeys = {
  all: ['admin'] as const,
  videos: ['admin', 'videos'] as const,
  video: (id: number) => ['admin', 'video', id] as const,
  /** Under `videos`: a retry or any video change refreshes the processing page and its badge. */
  processing: ['admin', 'videos', 'processing'] as const,
  processingFailures: ['admin', 'videos', 'processing', 'failures'] as const,
  lookups: ['admin', 'lookups'] as const,
  playlists: ['admin', 'playlists'] as const,
  playlist: (id: number) => ['admin', 'playlist', id] as const,
  groups: ['admin', 'groups'] as const,
  group: (id: number) => ['admin', 'group', id] as const,
  banners: ['admin', 'banners'] as const,
  categories: ['admin', 'categories'] as const,
  category: (id: number) => ['admin', 'category', id] as const,
  taxonomy: ['admin', 'taxonomy'] as const,
};

/** Search text as a path parameter: the API reads a single space as "no text" (spec §7). */
export function queryText(text: string): string {
  return text.trim() || ' ';
}

/** Multipart body; undefined and null entries are left out. */
export function formData(fields: Record<string, string | Blob | number | null | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    form.append(name, typeof value === 'number' ? String(value) : value);
  }
  return form;
}
