import { describe, expect, it } from 'vitest';
import { fakeJwt, mockFetch } from '@/testing/fetch-mock';
import { api, ApiError } from './client';

describe('api client', () => {
  it('prefixes /cuviewTV/, sends JSON and no token on public calls', async () => {
    localStorage.setItem('access', fakeJwt());
    const { calls } = mockFetch({ 'POST /cuviewTV/get_filter_results/1/': { json: { videos: [], videoLength: 0 } } });
    await api('get_filter_results/1/', { method: 'POST', body: { data: [] } });
    expect(calls[0]!.headers['Content-Type']).toBe('application/json');
    expect(calls[0]!.headers.Authorization).toBeUndefined();
  });

  it('sends "JWT <access>" on signed-in calls', async () => {
    const access = fakeJwt();
    localStorage.setItem('access', access);
    const { calls } = mockFetch({ 'GET /cuviewTV/get_user_playlists/': { json: [] } });
    await api('get_user_playlists/', { auth: 'required' });
    expect(calls[0]!.headers.Authorization).toBe(`JWT ${access}`);
  });

  it('refreshes an access token that is about to expire before the call', async () => {
    localStorage.setItem('access', fakeJwt(10));
    localStorage.setItem('refresh', 'r1');
    const fresh = fakeJwt(300);
    const { calls } = mockFetch({
      'POST /cuviewTV/auth/jwt/refresh/': { json: { access: fresh, refresh: 'r2' } },
      'GET /cuviewTV/get_user_playlists/': { json: [] },
    });
    await api('get_user_playlists/', { auth: 'required' });
    expect(calls.map((c) => c.path)).toEqual(['/cuviewTV/auth/jwt/refresh/', '/cuviewTV/get_user_playlists/']);
    expect(calls[0]!.body).toEqual({ refresh: 'r1' });
    expect(calls[1]!.headers.Authorization).toBe(`JWT ${fresh}`);
    expect(localStorage.getItem('refresh')).toBe('r2');
  });

  it('refreshes once on a 401 and repeats the call', async () => {
    localStorage.setItem('access', fakeJwt(300));
    localStorage.setItem('refresh', 'r1');
    const fresh = fakeJwt(600);
    let attempts = 0;
    const { calls } = mockFetch({
      'POST /cuviewTV/auth/jwt/refresh/': { json: { access: fresh, refresh: 'r2' } },
      'GET /cuviewTV/check_playlist/3/': ({ headers }) => {
        attempts++;
        return headers.Authorization === `JWT ${fresh}`
          ? { json: [1] }
          : { status: 401, json: { detail: 'Given token not valid for any token type', code: 'token_not_valid' } };
      },
    });
    await expect(api('check_playlist/3/', { auth: 'required' })).resolves.toEqual([1]);
    expect(attempts).toBe(2);
    expect(calls.filter((c) => c.path.endsWith('refresh/'))).toHaveLength(1);
  });

  it('concurrent calls share one refresh', async () => {
    localStorage.setItem('access', fakeJwt(5));
    localStorage.setItem('refresh', 'r1');
    const { calls } = mockFetch({
      'POST /cuviewTV/auth/jwt/refresh/': { json: { access: fakeJwt(300) } },
      'GET /cuviewTV/get_user_playlists/': { json: [] },
    });
    await Promise.all([
      api('get_user_playlists/', { auth: 'required' }),
      api('get_user_playlists/', { auth: 'required' }),
    ]);
    expect(calls.filter((c) => c.path.endsWith('refresh/'))).toHaveLength(1);
    // No rotation in the answer: the refresh token is kept.
    expect(localStorage.getItem('refresh')).toBe('r1');
  });

  it('a refused refresh signs the person out', async () => {
    localStorage.setItem('access', fakeJwt(300));
    localStorage.setItem('refresh', 'stale');
    mockFetch({
      'POST /cuviewTV/auth/jwt/refresh/': {
        status: 401,
        json: { detail: 'Token is blacklisted', code: 'token_not_valid' },
      },
      'GET /cuviewTV/get_user_playlists/': { status: 401, json: { detail: 'expired' } },
    });
    await expect(api('get_user_playlists/', { auth: 'required' })).rejects.toMatchObject({
      status: 401,
      message: 'expired',
    });
    expect(localStorage.getItem('access')).toBeNull();
    expect(localStorage.getItem('refresh')).toBeNull();
  });

  it('normalises errors: message, else detail, else the transport message', async () => {
    mockFetch({
      'GET /cuviewTV/a/': { status: 400, json: { message: 'Please, Provide Title', detail: 'ignored' } },
      'GET /cuviewTV/b/': { status: 403, json: { detail: 'Stale token for given user.', code: 'stale' } },
      'GET /cuviewTV/c/': { status: 502, json: {} },
    });
    await expect(api('a/')).rejects.toMatchObject({ message: 'Please, Provide Title', status: 400 });
    const stale = await api('b/').catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(ApiError);
    expect(stale).toMatchObject({ message: 'Stale token for given user.', code: 'stale' });
    await expect(api('c/')).rejects.toMatchObject({ message: 'Request failed with status code 502' });
  });
});
