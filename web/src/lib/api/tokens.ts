import { readLocal, StorageKey, writeLocal } from '../storage';

/**
 * JWT pair held in local storage: the access token under `access` (spec) and the refresh
 * token under `refresh`. Listeners hear when the pair is cleared (sign-out, refresh failure)
 * so the session query can forget the user.
 */
export type TokenPair = { access: string; refresh?: string | null };

type Listener = (tokens: TokenPair | null) => void;
const listeners = new Set<Listener>();

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
  listeners.forEach((l) => l(tokens));
}

export function clearTokens(): void {
  writeLocal(StorageKey.access, null);
  writeLocal(StorageKey.refresh, null);
  listeners.forEach((l) => l(null));
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
