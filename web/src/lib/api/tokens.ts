import { readLocal, StorageKey, writeLocal } from '../storage';

/**
 * JWT pair held in local storage: the access token under `access` (spec) and the refresh
 * token under `refresh`. Listeners hear when the pair is cleared (sign-out, refresh failure)
 * so the session query can forget the user, also when another tab of this browser changed it
 * (`otherTab`: a sign-out there signs this tab out too, a sign-in there may be someone else).
 */
export type TokenPair = { access: string; refresh?: string | null };

type Listener = (tokens: TokenPair | null, otherTab: boolean) => void;
const listeners = new Set<Listener>();

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    // key null: the other tab cleared the whole storage.
    if (e.storageArea !== localStorage || (e.key !== null && e.key !== StorageKey.refresh)) return;
    const access = getAccessToken();
    const tokens = e.key !== null && e.newValue !== null && access ? { access, refresh: e.newValue } : null;
    listeners.forEach((l) => l(tokens, true));
  });
}

export function getAccessToken(): string | null {
  return readLocal(StorageKey.access);
}

export function getRefreshToken(): string | null {
  return readLocal(StorageKey.refresh);
}

export function setTokens(tokens: TokenPair): void {
  writeLocal(StorageKey.access, tokens.access);
  // SimpleJWT with rotation answers a new refresh token; keep the old one otherwise.
  if (tokens.refresh) writeLocal(StorageKey.refresh, tokens.refresh);
  listeners.forEach((l) => l(tokens, false));
}

export function clearTokens(): void {
  writeLocal(StorageKey.access, null);
  writeLocal(StorageKey.refresh, null);
  listeners.forEach((l) => l(null, false));
}

export function onTokensChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Seconds-since-epoch expiry of a JWT, or null when it cannot be read. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/** True when the token expires within `marginS` seconds (unknown expiry counts as fresh). */
export function isExpiring(token: string, marginS = 30, nowMs = Date.now()): boolean {
  const exp = tokenExpiry(token);
  return exp !== null && exp * 1000 - nowMs < marginS * 1000;
}
