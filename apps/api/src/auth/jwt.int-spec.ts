import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import { login, newPerson, registerActive, startAuthApi, type AuthTestApi } from './test-kit.js';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

/** A JWT built by hand, so tests can forge what an attacker would send. */
function forge(header: Record<string, unknown>, payload: Record<string, unknown>, key: string | null): string {
  const unsigned = `${b64(header)}.${b64(payload)}`;
  const algorithm = header.alg === 'HS512' ? 'sha512' : 'sha256';
  return `${unsigned}.${key === null ? '' : createHmac(algorithm, key).update(unsigned).digest('base64url')}`;
}

const TOKEN_NOT_VALID = { detail: 'Token is invalid or expired', code: 'token_not_valid' };
const LOGIN_FAILED = { detail: 'No active account found with the given credentials' };

// Each password hash costs ~0.3 s of CPU (scrypt at OWASP cost); a busy machine needs room.
jest.setTimeout(60_000);

describe('JWT endpoints (auth/jwt/*) and auth/users/me/', () => {
  let api: AuthTestApi;
  let viewer: { email: string; password: string; id: number };

  const post = (path: string, json: unknown) => api.request(`/cuviewTV/auth/jwt/${path}`, { method: 'POST', json });
  const me = (token?: string, scheme = 'JWT') =>
    api.request('/cuviewTV/auth/users/me/', token ? { headers: { authorization: `${scheme} ${token}` } } : {});

  /** Marks a refresh token as spent `seconds` ago, as if time had passed. */
  const spentSecondsAgo = async (refresh: string, seconds: number) => {
    const { jti } = claimsOf(refresh) as { jti: string };
    await api.app
      .get(DataSource)
      .query(`UPDATE refresh_tokens SET used_at = now() - make_interval(secs => $2) WHERE jti = $1`, [jti, seconds]);
  };

  beforeAll(async () => {
    api = await startAuthApi({ LOGIN_MAX_ATTEMPTS: '3' });
    viewer = await registerActive(api);
  });
  afterAll(async () => api?.close());

  it('logs in with e-mail and password and answers SimpleJWT tokens', async () => {
    const response = await login(api, viewer.email.toUpperCase(), viewer.password, '192.0.2.10');
    expect(response.status).toBe(200);
    const { access, refresh } = (await response.json()) as { access: string; refresh: string };
    expect(JSON.parse(Buffer.from(access.split('.')[0], 'base64url').toString())).toMatchObject({ alg: 'HS256' });
    const claims = claimsOf(access);
    expect(claims).toEqual({
      token_type: 'access',
      user_id: viewer.id,
      jti: expect.any(String),
      iat: expect.any(Number),
      exp: expect.any(Number),
    });
    expect(claims.exp - claims.iat).toBe(300);
    expect(claimsOf(refresh)).toMatchObject({ token_type: 'refresh', user_id: viewer.id });
    expect(claimsOf(refresh).exp - claimsOf(refresh).iat).toBe(86400);

    for (const scheme of ['JWT', 'Bearer']) {
      const current = await me(access, scheme);
      expect(current.status).toBe(200);
      expect(await current.json()).toEqual({
        id: viewer.id,
        email: viewer.email,
        first_name: 'Ada',
        last_name: 'Lovelace',
        mobile_number: '+441234567890',
        gives_permission: true,
        is_staff: false,
        totp_enabled: false,
        totp_setup_required: false,
      });
    }
  });

  it('answers the same 401 for a wrong password, an unknown e-mail and an inactive account', async () => {
    const inactive = newPerson();
    expect((await api.request('/cuviewTV/auth/users/', { method: 'POST', json: inactive })).status).toBe(201);

    const timed = async (email: string, password: string, ip: string) => {
      const started = performance.now();
      const response = await login(api, email, password, ip);
      return { status: response.status, body: await response.json(), ms: performance.now() - started };
    };
    const wrongPassword = await timed(viewer.email, 'not the password', '192.0.2.21');
    const unknown = await timed('nobody@example.com', viewer.password, '192.0.2.22');
    const notActivated = await timed(inactive.email, inactive.password, '192.0.2.23');
    for (const attempt of [wrongPassword, unknown, notActivated]) {
      expect(attempt.status).toBe(401);
      expect(attempt.body).toEqual(LOGIN_FAILED);
    }
    // An unknown e-mail still costs a password hash, so its answer is not conspicuously faster.
    expect(unknown.ms).toBeGreaterThan(wrongPassword.ms * 0.25);
  });

  it('refuses a login body without its fields with djoser field errors', async () => {
    const response = await post('create', { email: viewer.email });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      password: ['This field is required.'],
      message: 'This field is required.',
    });
  });

  it('verifies tokens: 200 {} when valid, 401 token_not_valid otherwise', async () => {
    const { access, refresh } = await tokensFor(viewer, '192.0.2.30');
    for (const token of [access, refresh]) {
      const response = await post('verify', { token });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({});
    }
    for (const token of ['garbage', `${access}x`, access.split('.').slice(0, 2).join('.') + '.']) {
      const response = await post('verify', { token });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(TOKEN_NOT_VALID);
    }
  });

  it('refuses alg none, a wrong key, another HMAC algorithm, an expired token and a refresh token used as access', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { token_type: 'access', user_id: viewer.id, jti: 'a1', iat: now, exp: now + 300 };
    const secret = api.config.JWT_SECRET;
    const forged = {
      'alg none': forge({ alg: 'none', typ: 'JWT' }, claims, null),
      'wrong key': forge({ alg: 'HS256', typ: 'JWT' }, claims, 'another-secret-that-is-long-enough-for-hs256'),
      HS512: forge({ alg: 'HS512', typ: 'JWT' }, claims, secret),
      expired: forge({ alg: 'HS256', typ: 'JWT' }, { ...claims, iat: now - 600, exp: now - 300 }, secret),
      'refresh as access': (await tokensFor(viewer, '192.0.2.31')).refresh,
      'no token type': forge({ alg: 'HS256', typ: 'JWT' }, { ...claims, token_type: undefined }, secret),
    };
    // The control: the same claims signed properly are accepted.
    expect((await me(forge({ alg: 'HS256', typ: 'JWT' }, claims, secret))).status).toBe(200);
    for (const [name, token] of Object.entries(forged)) {
      const response = await me(token);
      expect([name, response.status]).toEqual([name, 401]);
      expect(await response.json()).toMatchObject({ code: 'token_not_valid' });
      if (name !== 'refresh as access') {
        const verified = await post('verify', { token });
        expect([name, verified.status]).toEqual([name, 401]);
      }
    }
    const anonymous = await me();
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it('rotates refresh tokens and refuses a spent one, revoking the whole login', async () => {
    const first = await tokensFor(viewer, '192.0.2.40');
    const rotated = await post('refresh', { refresh: first.refresh });
    expect(rotated.status).toBe(200);
    const second = (await rotated.json()) as { access: string; refresh: string };
    expect(second.refresh).not.toBe(first.refresh);
    expect((await me(second.access)).status).toBe(200);

    // The first token again a minute later: someone replayed it, so the family dies, including
    // the newer token.
    await spentSecondsAgo(first.refresh, 60);
    const reused = await post('refresh', { refresh: first.refresh });
    expect(reused.status).toBe(401);
    expect(await reused.json()).toEqual(TOKEN_NOT_VALID);
    expect((await post('refresh', { refresh: second.refresh })).status).toBe(401);
    expect((await post('verify', { token: second.refresh })).status).toBe(401);

    // Other logins of the same person are untouched.
    const other = await tokensFor(viewer, '192.0.2.41');
    expect((await post('refresh', { refresh: other.refresh })).status).toBe(200);
    // An access token is not a refresh token.
    expect((await post('refresh', { refresh: other.access })).status).toBe(401);
  });

  it('renews for every tab that sends the same token at once; the same token after JWT_REFRESH_REUSE_SECONDS revokes the login', async () => {
    const first = await tokensFor(viewer, '192.0.2.42');
    // Five tabs of one browser, their access tokens all expired, renew in the same moment.
    const answers = await Promise.all(Array.from({ length: 5 }, () => post('refresh', { refresh: first.refresh })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const pairs = (await Promise.all(answers.map((a) => a.json()))) as Array<{ access: string; refresh: string }>;
    // One chain goes on: every tab holds the login's one live refresh token, not a copy of its own.
    expect(new Set(pairs.map((p) => claimsOf(p.refresh).jti)).size).toBe(1);
    for (const pair of pairs) expect((await me(pair.access)).status).toBe(200);
    // Whichever pair the browser kept goes on renewing.
    const kept = await post('refresh', { refresh: pairs[3].refresh });
    expect(kept.status).toBe(200);
    const next = (await kept.json()) as { refresh: string };

    // The first token 31 s after it was spent is a replay: the login ends on every tab.
    await spentSecondsAgo(first.refresh, 31);
    expect((await post('refresh', { refresh: first.refresh })).status).toBe(401);
    expect((await post('refresh', { refresh: next.refresh })).status).toBe(401);
    expect((await post('refresh', { refresh: pairs[0].refresh })).status).toBe(401);
  });

  it('does not renew a spent token of a login that was revoked, even within the reuse interval', async () => {
    const first = await tokensFor(viewer, '192.0.2.43');
    const second = (await (await post('refresh', { refresh: first.refresh })).json()) as { refresh: string };
    expect((await post('refresh', { refresh: second.refresh })).status).toBe(200);
    await spentSecondsAgo(first.refresh, 120);
    expect((await post('refresh', { refresh: first.refresh })).status).toBe(401);
    // The replay revoked the login: the token spent a moment ago gets nothing either.
    expect((await post('refresh', { refresh: second.refresh })).status).toBe(401);
  });

  it("forgets expired refresh tokens: a renewal drops its login's, a sign-in the person's", async () => {
    const sql = (query: string, values: unknown[]) => api.app.get(DataSource).query(query, values);
    const rows = async (column: 'family' | 'user_id', value: unknown) =>
      Number((await sql(`SELECT count(*) AS n FROM refresh_tokens WHERE ${column} = $1`, [value]))[0].n);
    /** Backdates a token's row past its expiry, as if a day had gone by since it was issued. */
    const expire = (pair: { refresh: string }) =>
      sql(`UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE jti = $1`, [
        claimsOf(pair.refresh).jti,
      ]);
    const renew = async (pair: { refresh: string }) => {
      const response = await post('refresh', { refresh: pair.refresh });
      expect(response.status).toBe(200);
      return (await response.json()) as { refresh: string };
    };
    const person = await registerActive(api);
    const first = await tokensFor(person, '192.0.2.44');
    const [{ family }] = await sql(`SELECT family FROM refresh_tokens WHERE jti = $1`, [claimsOf(first.refresh).jti]);
    const second = await renew(first);
    const third = await renew(second);
    expect(await rows('family', family)).toBe(3);
    // The first two expire: the next renewal drops their rows.
    await expire(first);
    await expire(second);
    const fourth = await renew(third);
    expect(await rows('family', family)).toBe(2);

    // A login abandoned and expired goes at the person's next sign-in; their live logins stay.
    await expire(await tokensFor(person, '192.0.2.45'));
    expect(await rows('user_id', person.id)).toBe(3);
    const again = await tokensFor(person, '192.0.2.46');
    expect(await rows('user_id', person.id)).toBe(3);
    await renew(again);
    await renew(fourth);
  });

  describe('guest link', () => {
    it('issues tokens for the built-in guest, who has no first name and no password', async () => {
      const response = await post('guest/', undefined);
      expect(response.status).toBe(200);
      const { access, refresh } = (await response.json()) as { access: string; refresh: string };
      const current = await me(access);
      expect(current.status).toBe(200);
      const guest = (await current.json()) as Record<string, unknown>;
      expect(guest).toMatchObject({ first_name: '', is_staff: false });

      const again = (await (await post('guest', {})).json()) as { access: string };
      expect(claimsOf(again.access).user_id).toBe(guest.id);
      expect((await post('refresh', { refresh })).status).toBe(200);
      expect(await (await login(api, String(guest.email), '', '192.0.2.50')).json()).toEqual({
        password: ['This field may not be blank.'],
        message: 'This field may not be blank.',
      });
      expect((await login(api, String(guest.email), 'any password', '192.0.2.50')).status).toBe(401);
    });

    it('answers 404 when guest access is turned off', async () => {
      const closed = await startAuthApi({ GUEST_ENABLED: 'false' });
      try {
        const response = await closed.request('/cuviewTV/auth/jwt/guest/', { method: 'POST' });
        expect(response.status).toBe(404);
      } finally {
        await closed.close();
      }
    });
  });

  async function tokensFor(person: { email: string; password: string }, ip: string) {
    const response = await login(api, person.email, person.password, ip);
    expect(response.status).toBe(200);
    return (await response.json()) as { access: string; refresh: string };
  }
});
