/**
 * Browser storage keys of spec viewer §3 / admin §3. Every read and write of local or
 * session storage goes through here so the key names live in one place.
 */
export const StorageKey = {
  access: 'access',
  refresh: 'refresh',
  session: 'session',
  playlistId: 'playlist_id',
  groupId: 'group_id',
  videoId: 'video_id',
  path: 'path',
  /** '1' when the player plays the sound alone on this device. */
  audioOnly: 'audio_only',
  /** The player's volume (0..1) and '1' while it is muted, on this device (components/player/sound.ts). */
  volume: 'volume',
  muted: 'muted',
} as const;
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

export const SessionKey = { resultsScroll: 'results-scroll' } as const;

export function readLocal(key: StorageKey): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): behave as empty.
    return null;
  }
}

export function writeLocal(key: StorageKey, value: string | number | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, String(value));
  } catch {
    /* storage full or blocked: nothing sensible to do */
  }
}

export type PlayTarget = { videoId: number; playlistId: number; groupId: number };

/** Remembers the video, playlist and group a person chose (the "Content" entry reopens them). */
export function storePlayTarget(target: PlayTarget): void {
  writeLocal(StorageKey.videoId, target.videoId);
  writeLocal(StorageKey.playlistId, target.playlistId);
  writeLocal(StorageKey.groupId, target.groupId);
}

/** Forgets where this browser's last person was (their video, playlist and page): at sign-out. */
export function forgetPlace(): void {
  for (const key of [StorageKey.videoId, StorageKey.playlistId, StorageKey.groupId, StorageKey.path]) {
    writeLocal(key, null);
  }
}

function readNumber(key: StorageKey): number | null {
  const raw = readLocal(key);
  if (raw === null || raw === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) && n > 0 ? n : null;
}

export function readPlayTarget(defaults: PlayTarget): PlayTarget {
  return {
    videoId: readNumber(StorageKey.videoId) ?? defaults.videoId,
    playlistId: readNumber(StorageKey.playlistId) ?? defaults.playlistId,
    groupId: readNumber(StorageKey.groupId) ?? defaults.groupId,
  };
}

export function readSessionJson<T>(key: string, fallback: T): T {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

export function writeSessionJson(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* ignore */
  }
}
