import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { fakeJwt, mockFetch } from '@/testing/fetch-mock';
import {
  api,
  apiBlob,
  ApiError,
  apiUrl,
  errorMessage,
  isOutage,
  refreshAccessToken,
  request,
  SIGNED_OUT_MESSAGE,
  TRACKER_BASE,
} from './client';
import { isServiceUnavailable, reportReachable } from './service-status';
import type { NextPlaylist, Video } from './types';

describe('api client', () => {
  it('reads what an error answer says: message, detail, or the first field error', () => {
    expect(errorMessage({ message: 'Video not found' }, 'x')).toBe('Video not found');
    expect(errorMessage({ detail: 'Stale token for given user.' }, 'x')).toBe('Stale token for given user.');
    expect(errorMessage({ uid: ["Invalid user id or user doesn't exist."] }, 'x')).toBe(
      "Invalid user id or user doesn't exist.",
    );
    expect(errorMessage({ uid: [] }, 'fallback')).toBe('fallback');
    expect(errorMessage('<html>', 'fallback')).toBe('fallback');
  });

  it('prefixes /cuviewTV/, sends JSON and no token on public calls', async () => {
    localStorage.setItem('access', fakeJwt());
    const { calls } = mockFetch({ 'POST /cuviewTV/get_filter_results/1/': { json: { videos: [], videoLength: 0 } } });
    await api('/cuviewTV/get_filter_results/{page}', { method: 'POST', path: { page: 1 }, body: { data: [] } });
    expect(calls[0]!.headers['Content-Type']).toBe('application/json');
    expect(calls[0]!.headers.Authorization).toBeUndefined();
  });

  it('sends "JWT <access>" on signed-in calls', async () => {
    const access = fakeJwt();
    localStorage.setItem('access', access);
    const { calls } = mockFetch({ 'GET /cuviewTV/get_user_playlists/': { json: [] } });
    await api('/cuviewTV/get_user_playlists', { auth: 'required' });
    expect(calls[0]!.headers.Authorization).toBe(`JWT ${access}`);
  });

  it('does not send a signed-in call without a session: it fails as a 401 at once', async () => {
    const { calls } = mockFetch({ 'POST /cuviewTV/save_positions/': { json: { message: 'ok' } } });
    const call = api('/cuviewTV/save_positions', {
      method: 'POST',
      body: { positions: [{ video_id: 1, position: 5 }] },
      auth: 'required',
    });
    await expect(call).rejects.toMatchObject({ status: 401, message: SIGNED_OUT_MESSAGE });
    expect(calls).toEqual([]);
  });

  it('refreshes an access token that is about to expire before the call', async () => {
    localStorage.setItem('access', fakeJwt(10));
    localStorage.setItem('refresh', 'r1');
    const fresh = fakeJwt(300);
    const { calls } = mockFetch({
      'POST /cuviewTV/auth/jwt/refresh/': { json: { access: fresh, refresh: 'r2' } },
      'GET /cuviewTV/get_user_playlists/': { json: [] },
    });
    await api('/cuviewTV/get_user_playlists', { auth: 'required' });
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
          ? { json: { video_id: 3, playlists: [1] } }
          : { status: 401, json: { detail: 'Given token not valid for any token type', code: 'token_not_valid' } };
      },
    });
    await expect(
      api('/cuviewTV/check_playlist/{videoId}', { path: { videoId: 3 }, auth: 'required' }),
    ).resolves.toEqual({ video_id: 3, playlists: [1] });
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
      api('/cuviewTV/get_user_playlists', { auth: 'required' }),
      api('/cuviewTV/get_user_playlists', { auth: 'required' }),
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
    await expect(api('/cuviewTV/get_user_playlists', { auth: 'required' })).rejects.toMatchObject({
      status: 401,
      message: 'expired',
    });
    expect(localStorage.getItem('access')).toBeNull();
    expect(localStorage.getItem('refresh')).toBeNull();
  });

  it('keeps the tokens when the refresh meets an outage (503), and the call fails as an outage', async () => {
    localStorage.setItem('access', fakeJwt(300));
    localStorage.setItem('refresh', 'r1');
    mockFetch({
      'POST /cuviewTV/auth/jwt/refresh/': { status: 503, json: { message: 'The service is temporarily unavailable' } },
      'GET /cuviewTV/get_user_playlists/': { status: 401, json: { detail: 'expired', code: 'token_not_valid' } },
    });
    const error = await api('/cuviewTV/get_user_playlists', { auth: 'required' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503 });
    expect(isOutage(error)).toBe(true);
    expect(localStorage.getItem('refresh')).toBe('r1');
    expect(localStorage.getItem('access')).not.toBeNull();
  });

  it('keeps the tokens when the refresh gets no answer at all (network error)', async () => {
    localStorage.setItem('access', fakeJwt(5));
    localStorage.setItem('refresh', 'r1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (String(input).endsWith('refresh/')) throw new TypeError('Failed to fetch');
        return new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    // The access token still has seconds to live: the call goes out with it.
    await expect(api('/cuviewTV/get_user_playlists', { auth: 'required' })).resolves.toEqual([]);
    expect(localStorage.getItem('refresh')).toBe('r1');
    await expect(refreshAccessToken()).rejects.toBeInstanceOf(TypeError);
    expect(localStorage.getItem('refresh')).toBe('r1');
  });

  it('drops the tokens only when the refresh itself is refused as not valid (401 token_not_valid)', async () => {
    localStorage.setItem('access', fakeJwt(300));
    localStorage.setItem('refresh', 'r1');
    mockFetch({ 'POST /cuviewTV/auth/jwt/refresh/': { status: 500, json: { message: 'Internal server error' } } });
    await expect(refreshAccessToken()).rejects.toMatchObject({ status: 500 });
    expect(localStorage.getItem('refresh')).toBe('r1');
    mockFetch({
      'POST /cuviewTV/auth/jwt/refresh/': {
        status: 401,
        json: { detail: 'Token is blacklisted', code: 'token_not_valid' },
      },
    });
    await expect(refreshAccessToken()).resolves.toBeNull();
    expect(localStorage.getItem('refresh')).toBeNull();
    expect(localStorage.getItem('access')).toBeNull();
  });

  it('a refused refresh keeps the pair another tab stored meanwhile, and the call goes out with it', async () => {
    localStorage.setItem('access', fakeJwt(200));
    localStorage.setItem('refresh', 'r1');
    const theirs = fakeJwt(300);
    const { calls } = mockFetch({
      'POST /cuviewTV/auth/jwt/refresh/': () => {
        // The other tab renewed with r1 first: the server has spent it, this tab's attempt is refused.
        localStorage.setItem('access', theirs);
        localStorage.setItem('refresh', 'r2');
        return { status: 401, json: { detail: 'Token is invalid or expired', code: 'token_not_valid' } };
      },
      'GET /cuviewTV/get_user_playlists/': ({ headers }) =>
        headers.Authorization === `JWT ${theirs}` ? { json: [] } : { status: 401, json: { detail: 'expired' } },
    });
    await expect(api('/cuviewTV/get_user_playlists', { auth: 'required' })).resolves.toEqual([]);
    expect(calls.map((c) => c.path)).toEqual([
      '/cuviewTV/get_user_playlists/',
      '/cuviewTV/auth/jwt/refresh/',
      '/cuviewTV/get_user_playlists/',
    ]);
    expect([localStorage.getItem('access'), localStorage.getItem('refresh')]).toEqual([theirs, 'r2']);
  });

  it('says the service is unavailable on a 503 or no answer, and clears it on the next answer', async () => {
    mockFetch({ 'GET /cuviewTV/get_groups/': { status: 503, json: { message: 'unavailable' } } });
    await expect(api('/cuviewTV/get_groups')).rejects.toMatchObject({ status: 503 });
    expect(isServiceUnavailable()).toBe(true);
    mockFetch({ 'GET /cuviewTV/get_groups/': { json: [] } });
    await api('/cuviewTV/get_groups');
    expect(isServiceUnavailable()).toBe(false);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api('/cuviewTV/get_groups')).rejects.toBeInstanceOf(TypeError);
    expect(isServiceUnavailable()).toBe(true);
    reportReachable();
  });

  it('normalises errors: message, else detail, else the transport message', async () => {
    mockFetch({
      'GET /cuviewTV/get_video/1/': { status: 400, json: { message: 'Please, Provide Title', detail: 'ignored' } },
      'GET /cuviewTV/get_video/2/': { status: 403, json: { detail: 'Stale token for given user.', code: 'stale' } },
      'GET /cuviewTV/get_video/3/': { status: 502, json: {} },
    });
    const video = (videoId: number) => api('/cuviewTV/get_video/{videoId}', { path: { videoId } });
    await expect(video(1)).rejects.toMatchObject({ message: 'Please, Provide Title', status: 400 });
    const stale = await video(2).catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(ApiError);
    expect(stale).toMatchObject({ message: 'Stale token for given user.', code: 'stale' });
    await expect(video(3)).rejects.toMatchObject({ message: 'Request failed with status code 502' });
  });

  it('types each call by the OpenAPI document (the compiler checks this test)', () => {
    // Never run: `npm run typecheck` fails when a line marked @ts-expect-error compiles.
    const calls = () => {
      expectTypeOf(api('/cuviewTV/get_video/{videoId}', { path: { videoId: 1 } })).resolves.toEqualTypeOf<Video>();
      expectTypeOf(
        api('/cuviewTV/delete_playlist/{playlistId}', { method: 'DELETE', path: { playlistId: 1 }, auth: 'required' }),
      ).resolves.toEqualTypeOf<NextPlaylist>();
      // @ts-expect-error not a path of the document
      void api('/cuviewTV/get_vidoe/{videoId}', { path: { videoId: 1 } });
      // @ts-expect-error the path parameter is missing
      void api('/cuviewTV/get_video/{videoId}');
      // @ts-expect-error get_video answers GET only
      void api('/cuviewTV/get_video/{videoId}', { method: 'POST', path: { videoId: 1 } });
      // @ts-expect-error add_tag's body needs a title
      void api('/cuviewTV/add_tag', { method: 'POST', body: {}, auth: 'required' });
    };
    expect(calls).toBeTypeOf('function');
  });

  it('fills the document path: encoded parameters, the trailing slash, the query', () => {
    expect(apiUrl('/cuviewTV/get_video/{videoId}', { videoId: 403 })).toBe('/cuviewTV/get_video/403/');
    expect(apiUrl('/cuviewTV/get_search_results/{query}/{page}', { query: 'rock & roll/ballads', page: 2 })).toBe(
      '/cuviewTV/get_search_results/rock%20%26%20roll%2Fballads/2/',
    );
    expect(
      apiUrl('/cuviewTV/get_tags_for_admin_filter/{query}/{page}', { query: ' ', page: 1 }, { category_id: 4 }),
    ).toBe('/cuviewTV/get_tags_for_admin_filter/%20/1/?category_id=4');
    expect(apiUrl('/cuviewTV/get_groups', {}, { category_id: undefined })).toBe('/cuviewTV/get_groups/');
    expect(() => apiUrl('/cuviewTV/get_video/{videoId}', {})).toThrow(/videoId/);
  });

  it('reads a file answer as a Blob', async () => {
    localStorage.setItem('access', fakeJwt());
    // Even a JSON-typed answer stays unparsed: the caller gets its bytes.
    mockFetch({ 'GET /cuviewTV/download_playlist_info/5/': { json: { rows: 1 } } });
    const blob = await apiBlob('/cuviewTV/download_playlist_info/{playlistId}', {
      path: { playlistId: 5 },
      auth: 'required',
    });
    expect(await blob.text()).toBe('{"rows":1}');
  });

  it('talks to the tracker under its own base, outside the OpenAPI document', async () => {
    const { calls } = mockFetch({ [`POST ${TRACKER_BASE}get_info_by_wm_nums`]: { json: { result: null } } });
    await expect(request('get_info_by_wm_nums', { method: 'POST', body: {}, base: TRACKER_BASE })).resolves.toEqual({
      result: null,
    });
    expect(calls[0]!.path).toBe(`${TRACKER_BASE}get_info_by_wm_nums`);
  });
});
