import { describe, expect, it } from 'vitest';
import { fakeJwt, mockFetch } from '@/testing/fetch-mock';
import { ApiError } from './api/client';
import { afterLoginPath, consumeGuestFlag, loadSession, userQueryOptions } from './auth';
import { retryDelay, retryQuery } from './query-client';

const me = { id: 3, first_name: 'Jane', last_name: 'Doe', is_staff: false };

describe('app start', () => {
  it('with no stored token nobody is signed in and nothing is asked', async () => {
    const { calls } = mockFetch({});
    await expect(loadSession()).resolves.toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('verifies the stored access token, then loads the current user', async () => {
    const access = fakeJwt();
    localStorage.setItem('access', access);
    const { calls } = mockFetch({
      'POST /cuviewTV/auth/jwt/verify/': { json: {} },
      'GET /cuviewTV/auth/users/me/': { json: me },
    });
    await expect(loadSession()).resolves.toEqual(me);
    expect(calls.map((c) => c.path)).toEqual(['/cuviewTV/auth/jwt/verify/', '/cuviewTV/auth/users/me/']);
    expect(calls[0]!.body).toEqual({ token: access });
  });

  it('an invalid token with no way to refresh means signed out, and the tokens are dropped', async () => {
    localStorage.setItem('access', fakeJwt());
    mockFetch({
      'POST /cuviewTV/auth/jwt/verify/': {
        status: 401,
        json: { detail: 'Token is invalid or expired', code: 'token_not_valid' },
      },
    });
    await expect(loadSession()).resolves.toBeNull();
    expect(localStorage.getItem('access')).toBeNull();
  });

  it('an expired access token is renewed, not verified (no 401 on a return visit), while the refresh token is valid', async () => {
    localStorage.setItem('access', fakeJwt(-60));
    localStorage.setItem('refresh', 'r1');
    const fresh = fakeJwt(300);
    const { calls } = mockFetch({
      'POST /cuviewTV/auth/jwt/refresh/': { json: { access: fresh, refresh: 'r2' } },
      'GET /cuviewTV/auth/users/me/': { json: me },
    });
    await expect(loadSession()).resolves.toEqual(me);
    expect(calls.map((c) => c.path)).toEqual(['/cuviewTV/auth/jwt/refresh/', '/cuviewTV/auth/users/me/']);
    expect(calls[1]!.headers.Authorization).toBe(`JWT ${fresh}`);
    expect([localStorage.getItem('access'), localStorage.getItem('refresh')]).toEqual([fresh, 'r2']);
  });

  it('a stored access token the server refuses before its expiry is renewed', async () => {
    localStorage.setItem('access', fakeJwt(200));
    localStorage.setItem('refresh', 'r1');
    const fresh = fakeJwt(300);
    mockFetch({
      'POST /cuviewTV/auth/jwt/verify/': { status: 401, json: { code: 'token_not_valid' } },
      'POST /cuviewTV/auth/jwt/refresh/': { json: { access: fresh, refresh: 'r2' } },
      'GET /cuviewTV/auth/users/me/': { json: me },
    });
    await expect(loadSession()).resolves.toEqual(me);
    expect(localStorage.getItem('access')).toBe(fresh);
  });

  it('an outage while checking the session keeps the tokens and fails (to be retried), not signed out', async () => {
    const access = fakeJwt();
    localStorage.setItem('access', access);
    localStorage.setItem('refresh', 'r1');
    const unavailable = { status: 503, json: { message: 'The service is temporarily unavailable' } };
    mockFetch({ 'POST /cuviewTV/auth/jwt/verify/': unavailable });
    await expect(loadSession()).rejects.toMatchObject({ status: 503 });
    mockFetch({ 'POST /cuviewTV/auth/jwt/verify/': { json: {} }, 'GET /cuviewTV/auth/users/me/': unavailable });
    await expect(loadSession()).rejects.toMatchObject({ status: 503 });
    mockFetch({
      'POST /cuviewTV/auth/jwt/verify/': { status: 401, json: { code: 'token_not_valid' } },
      'POST /cuviewTV/auth/jwt/refresh/': unavailable,
    });
    await expect(loadSession()).rejects.toMatchObject({ status: 503 });
    expect(localStorage.getItem('access')).toBe(access);
    expect(localStorage.getItem('refresh')).toBe('r1');
    // Back: the same tokens sign the person in.
    mockFetch({ 'POST /cuviewTV/auth/jwt/verify/': { json: {} }, 'GET /cuviewTV/auth/users/me/': { json: me } });
    await expect(loadSession()).resolves.toEqual(me);
  });

  it('the session query retries an outage, with growing delays, until the service answers', () => {
    const retry = userQueryOptions.retry as (count: number, error: unknown) => boolean;
    const outage = new ApiError('unavailable', 503, null);
    expect(retry(0, outage)).toBe(true);
    expect(retry(50, outage)).toBe(true);
    expect(retry(50, new TypeError('Failed to fetch'))).toBe(true);
    expect(retry(0, new ApiError('no', 403, null))).toBe(false);
  });

  it('reads retry an outage for about two minutes with growing delays, client errors never', () => {
    const outage = new ApiError('unavailable', 503, null);
    expect(retryQuery(5, outage)).toBe(true);
    expect(retryQuery(8, outage)).toBe(false);
    expect(retryQuery(5, new TypeError('Failed to fetch'))).toBe(true);
    expect(retryQuery(2, new ApiError('boom', 500, null))).toBe(false);
    expect(retryQuery(0, new ApiError('missing', 404, null))).toBe(false);
    expect([0, 1, 2, 5, 9].map(retryDelay)).toEqual([1000, 2000, 4000, 30_000, 30_000]);
  });

  it('?auth=1 signs in as the guest and leaves the address clean', async () => {
    window.history.replaceState(null, '', '/home?g=4&p=54&auth=1');
    expect(consumeGuestFlag()).toBe(true);
    expect(window.location.search).toBe('?g=4&p=54');
    const guest = fakeJwt();
    const { calls } = mockFetch({
      'POST /cuviewTV/auth/jwt/guest/': { json: { access: guest, refresh: 'g1' } },
      'POST /cuviewTV/auth/jwt/verify/': { json: {} },
      'GET /cuviewTV/auth/users/me/': { json: { id: 99, first_name: '', is_staff: false } },
    });
    await expect(loadSession()).resolves.toMatchObject({ id: 99 });
    expect(calls[0]!.path).toBe('/cuviewTV/auth/jwt/guest/');
    expect(localStorage.getItem('access')).toBe(guest);
    window.history.replaceState(null, '', '/');
  });

  it('after sign-in goes to the saved path, never back to a sign-in screen', () => {
    expect(afterLoginPath()).toBe('/home?p=33&v=491&g=8');
    localStorage.setItem('path', '/myPlaylists');
    expect(afterLoginPath()).toBe('/myPlaylists');
    localStorage.setItem('path', '/login');
    expect(afterLoginPath()).toBe('/home?p=33&v=491&g=8');
  });
});
