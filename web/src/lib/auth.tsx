import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { api, ApiError, isOutage } from './api/client';
import { clearTokens, getAccessToken, getRefreshToken, isExpiring, onTokensChange, setTokens } from './api/tokens';
import type { User } from './api/types';
import { refreshAccessToken } from './api/client';
import { DEFAULTS } from './constants';
import { playerHref } from './links';
import { forgetPlace, readLocal, StorageKey, writeLocal } from './storage';
import { Loading } from '@/components/ui/Loading';

/**
 * Session (bulletproof-react keeps auth in lib/): who is signed in, sign-in and sign-out.
 * App start (spec admin §2): `?auth=1` signs in as the guest; otherwise the stored access
 * token is verified (refreshed when it has expired) and the current user loaded.
 */

export const userQueryKey = ['auth', 'user'] as const;
/** Queries whose answer depends on who is signed in start with this key. */
export const personalKey = ['me'] as const;

export function fetchMe(): Promise<User> {
  return api('/cuviewTV/auth/users/me', { auth: 'required' });
}

/**
 * POST auth/jwt/verify/: false only when the server says the token is not valid (401). An
 * outage throws: it says nothing about the token, and must not sign anyone out.
 */
export async function verifyToken(token: string): Promise<boolean> {
  try {
    await api('/cuviewTV/auth/jwt/verify', { method: 'POST', body: { token } });
    return true;
  } catch (error) {
    if (isOutage(error)) throw error;
    return false;
  }
}

let guestRequested = false;

/**
 * Reads and removes `auth=1` from the address before the router starts, so the guest
 * sign-in happens once and the flag does not stay in shared links.
 */
export function consumeGuestFlag(location: Location = window.location): boolean {
  const params = new URLSearchParams(location.search);
  if (params.get('auth') !== '1') return false;
  params.delete('auth');
  const search = params.toString();
  window.history.replaceState(
    window.history.state,
    '',
    `${location.pathname}${search ? `?${search}` : ''}${location.hash}`,
  );
  guestRequested = true;
  return true;
}

/** POST auth/jwt/guest/ (DESIGN §2.11): the guest's tokens; 404 when guest access is off. */
async function takeGuestTokens(): Promise<void> {
  setTokens(await api('/cuviewTV/auth/jwt/guest', { method: 'POST' }));
}

async function signInAsGuest(): Promise<boolean> {
  try {
    await takeGuestTokens();
    return true;
  } catch {
    return false;
  }
}

export async function loadSession(): Promise<User | null> {
  if (guestRequested) {
    guestRequested = false;
    await signInAsGuest();
  }
  let access = getAccessToken();
  const renewable = getRefreshToken() !== null;
  if (renewable && (!access || isExpiring(access))) {
    // A tab opened again after the access token ran out (the next morning): renewed, not
    // verified, whose 401 would only be an error in the console.
    access = await refreshAccessToken();
  } else if (access && !(await verifyToken(access))) {
    access = renewable ? await refreshAccessToken() : null;
    if (!access) clearTokens();
  }
  if (!access) return null;
  try {
    return await fetchMe();
  } catch (error) {
    if (isOutage(error)) throw error;
    if (error instanceof ApiError && error.status === 401) clearTokens();
    return null;
  }
}

/**
 * Who is signed in. loadSession throws only for an outage (5xx, network): the query then keeps
 * retrying, staying pending, so screens wait (and the notice says the service is unavailable)
 * instead of treating the person as signed out and sending them to sign in.
 */
export const userQueryOptions = queryOptions({
  queryKey: userQueryKey,
  queryFn: loadSession,
  staleTime: Infinity,
  retry: (_count, error) => isOutage(error),
  retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 10_000),
});

export function useUser() {
  return useQuery(userQueryOptions);
}

/**
 * True for a signed-in person with a first name, that is with an account of their own: the
 * shared guest account has none (spec viewer §6). Only they keep playlists (Select / Add to)
 * and watch positions.
 */
export function hasOwnAccount(user: User | null | undefined): boolean {
  return Boolean(user?.first_name && user.first_name.trim());
}

export const canEditPlaylists = hasOwnAccount;

/**
 * The address this tab showed when its person signed out (here or in another tab), until the
 * next sign-in. A page at that address that now sends its visitor to sign in remembers nothing
 * (rememberPath, rememberPlayTarget): the next person on this browser would be sent to the last
 * one's page, their private playlist. What the next person opens afterwards is remembered as
 * usual. A session that merely ran out is not a sign-out: the same person comes back to it.
 */
let signedOutAt: string | null = null;
const currentAddress = () => window.location.pathname + window.location.search;
const mayRemember = () => signedOutAt !== currentAddress();

/** Where a tab says it changed something, for the other tabs of this browser to read it again. */
const CHANGES_CHANNEL = 'cuview-changes';

/**
 * Keeps the session query in step with the token store (refresh failure = signed out), in every
 * tab; and what every tab shows in step with what any of them changed: after a change made here
 * (a mutation: a playlist made, renamed or filled, a staff edit), the other tabs read what they
 * show again, so a playlist made in one tab is in another tab's "Add to playlist" at once.
 */
export function useSessionSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(CHANGES_CHANNEL);
    channel.onmessage = () =>
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== userQueryKey[0] });
    const unsubscribe = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') channel.postMessage('changed');
    });
    return () => {
      unsubscribe();
      channel.close();
    };
  }, [queryClient]);
  useEffect(
    () =>
      onTokensChange((tokens, otherTab) => {
        if (tokens) signedOutAt = null;
        else if (otherTab) signedOutAt = currentAddress();
        if (!tokens) {
          queryClient.setQueryData(userQueryKey, null);
          queryClient.removeQueries({ queryKey: personalKey });
        } else if (otherTab) {
          // New tokens from another tab (a renewal, or a sign-in perhaps as someone else): ask again.
          void queryClient.invalidateQueries({ queryKey: userQueryKey });
          void queryClient.invalidateQueries({ queryKey: personalKey });
        }
      }),
    [queryClient],
  );
}

export type LoginInput = { email: string; password: string };

function useSignIn<T>(takeTokens: (input: T) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: T) => {
      await takeTokens(input);
      return fetchMe();
    },
    onSuccess: (user) => {
      queryClient.removeQueries({ queryKey: personalKey });
      queryClient.setQueryData(userQueryKey, user);
    },
  });
}

/** The password was right and the account asks for its two-factor code next (jwt/otp). */
export class OtpRequired extends Error {
  constructor(readonly otpToken: string) {
    super('Enter the code from your authenticator app');
    this.name = 'OtpRequired';
  }
}

/** Signs in with e-mail and password; fails with OtpRequired when the account has two-factor sign-in on. */
export function useLogin() {
  return useSignIn(async (input: LoginInput) => {
    const answer = await api('/cuviewTV/auth/jwt/create', { method: 'POST', body: input });
    if ('otp_token' in answer) throw new OtpRequired(answer.otp_token);
    setTokens(answer);
  });
}

export type OtpLoginInput = { otp_token: string; code: string };

/** The second step: the code of the authenticator app, or a recovery code. */
export function useOtpLogin() {
  return useSignIn(async (input: OtpLoginInput) => {
    setTokens(await api('/cuviewTV/auth/jwt/otp', { method: 'POST', body: input }));
  });
}

/**
 * "Continue as guest" on the sign-in page: the built-in guest account of the `?auth=1` link,
 * which may watch but not keep playlists (it has no first name, spec viewer §6).
 */
export function useGuestLogin() {
  return useSignIn<void>(takeGuestTokens);
}

const signOutListeners = new Set<() => void>();

/** `listener` runs as the person signs out, before their tokens go: for the last calls that need them. */
export function onSignOut(listener: () => void): () => void {
  signOutListeners.add(listener);
  return () => signOutListeners.delete(listener);
}

/**
 * Signs out: the last calls made (onSignOut), the tokens dropped, and where this person was
 * forgotten, so that the next person on this browser does not open their private playlist.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return () => {
    signOutListeners.forEach((listener) => listener());
    signedOutAt = currentAddress();
    clearTokens();
    forgetPlace();
    queryClient.setQueryData(userQueryKey, null);
    queryClient.removeQueries({ queryKey: personalKey });
  };
}

export function afterLoginPath(): string {
  const saved = readLocal(StorageKey.path);
  if (saved && saved.startsWith('/') && !isAuthPath(saved)) return saved;
  const d = DEFAULTS.afterLogin;
  return `/home?p=${d.playlistId}&v=${d.videoId}&g=${d.groupId}`;
}

const AUTH_PATHS = ['/login', '/register', '/reset_password', '/password-reset', '/activate'];
export function isAuthPath(pathname: string): boolean {
  return AUTH_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`) || pathname.startsWith(`${p}?`));
}

/** Stores where to come back to after signing in (not the page of a sign-out: signedOutAt). */
export function rememberPath(path: string): void {
  if (mayRemember() && !isAuthPath(path)) writeLocal(StorageKey.path, path);
}

/** Stores the player's video, playlist and group to come back to after signing in (as rememberPath). */
export function rememberPlayTarget(target: { groupId: number; playlistId: number; videoId: number | null }): void {
  if (!mayRemember()) return;
  writeLocal(StorageKey.groupId, target.groupId);
  writeLocal(StorageKey.playlistId, target.playlistId);
  if (target.videoId) writeLocal(StorageKey.videoId, target.videoId);
  rememberPath(playerHref(target));
}

/** Renders children for a signed-in person; otherwise remembers the address and goes to /login. */
export function RequireUser({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useUser();
  const location = useLocation();
  if (isPending) return <Loading />;
  if (!user) {
    rememberPath(location.pathname + location.search);
    return <Navigate to="/login" replace />;
  }
  return <>{children}</>;
}
