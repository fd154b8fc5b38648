// Hostile: the auth endpoints (djoser + SimpleJWT shapes). Odd bytes, wrong content types,
// huge and deep bodies, mass assignment on register, and every way of tampering with a JWT.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import {
  API,
  assertSafe,
  cases,
  claimsOf,
  deepJson,
  expectAnswer,
  forgeJwt,
  login,
  newViewer,
  request,
  uniqueEmail,
  VIEWER,
  withDb,
} from './hostile.mjs';

const CREATE = `${API}/auth/jwt/create/`;
const REGISTER = `${API}/auth/users/`;
const ME = `${API}/auth/users/me/`;

const registration = (extra = {}) => ({
  first_name: 'Mallory',
  last_name: 'Hostile',
  email: uniqueEmail('reg'),
  mobile_number: '+15551234567',
  password: 'a-long-password',
  re_password: 'a-long-password',
  ...extra,
});

describe('login with odd bytes and odd bodies', () => {
  cases([
    [
      'login: a NUL byte in the e-mail is refused as bad input',
      [400],
      'POST',
      CREATE,
      { body: { email: 'a\u0000@b.com', password: 'x' } },
    ],
    [
      'login: a NUL byte in the password is refused or fails like a wrong one',
      [400, 401],
      'POST',
      CREATE,
      { body: { email: VIEWER.email, password: 'viewer\u0000password' } },
    ],
    [
      'login: invalid UTF-8 in the body',
      [400, 401],
      'POST',
      CREATE,
      {
        body: Buffer.concat([
          Buffer.from('{"email":"'),
          Buffer.from([0xff, 0xfe, 0xc3, 0x28]),
          Buffer.from('@x.com","password":"x"}'),
        ]),
      },
    ],
    [
      'login: a 100 KB e-mail',
      [400, 401],
      'POST',
      CREATE,
      { body: { email: `${'a'.repeat(100_000)}@b.com`, password: 'x' } },
    ],
    [
      'login: a 2 MB body is refused as too large',
      // 413, or the connection closed on it before the whole body was written (hostile.mjs).
      [413, 0],
      'POST',
      CREATE,
      { body: { email: 'a@b.com', password: 'p'.repeat(2 * 1024 * 1024) } },
    ],
    ['login: 5,000-deep nested JSON', [400], 'POST', CREATE, { body: deepJson(5000, 'email') }],
    [
      'login: text/plain body',
      [400, 415],
      'POST',
      CREATE,
      { body: `{"email":"${VIEWER.email}","password":"x"}`, headers: { 'content-type': 'text/plain' } },
    ],
    [
      'login: a form-encoded body (parsed as a form, as DRF does, or refused)',
      [400, 401, 415],
      'POST',
      CREATE,
      { body: 'email=a%40b.com&password=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    ],
    ['login: malformed JSON', [400], 'POST', CREATE, { body: '{"email": "a@b.com", "password": ' }],
    ['login: a JSON array instead of an object', [400], 'POST', CREATE, { body: '[1,2,3]' }],
    [
      'login: an operator object as the e-mail (NoSQL-style injection)',
      [400],
      'POST',
      CREATE,
      { body: { email: { $ne: '' }, password: { $ne: '' } } },
    ],
    [
      'login: SQL in the e-mail fails like a wrong password',
      [400, 401],
      'POST',
      CREATE,
      { body: { email: "' OR 1=1 --", password: "' OR '1'='1" } },
    ],
    ['login: an empty body', [400], 'POST', CREATE, { body: '' }],
    ['login: a JSON null body', [400], 'POST', CREATE, { body: 'null' }],
  ]);
});

describe('register: odd input and mass assignment', () => {
  cases([
    [
      'register: a NUL byte in the first name is refused as bad input',
      [400],
      'POST',
      REGISTER,
      () => ({ body: registration({ first_name: 'Mal\u0000lory' }) }),
    ],
    [
      'register: a NUL byte in the last name',
      [400],
      'POST',
      REGISTER,
      () => ({ body: registration({ last_name: 'Hos\u0000tile' }) }),
    ],
    [
      'register: a NUL byte in the phone number',
      [400],
      'POST',
      REGISTER,
      () => ({ body: registration({ mobile_number: '+1555\u00001234567' }) }),
    ],
    ['register: 5,000-deep nested JSON', [400], 'POST', REGISTER, { body: deepJson(5000, 'first_name') }],
    [
      'register: a 100 KB first name',
      [400],
      'POST',
      REGISTER,
      () => ({ body: registration({ first_name: 'M'.repeat(100_000) }) }),
    ],
    [
      'register: names given as arrays',
      [400],
      'POST',
      REGISTER,
      () => ({ body: registration({ first_name: ['a', 'b'], last_name: { x: 1 } }) }),
    ],
    [
      'register: gives_permission as a string',
      [400, 201],
      'POST',
      REGISTER,
      () => ({ body: registration({ gives_permission: 'yes please' }) }),
    ],
    [
      'register: a lone UTF-16 surrogate in a name',
      [400, 201],
      'POST',
      REGISTER,
      () => ({
        body: `{"first_name":"\\ud800x","last_name":"Hostile","email":"${uniqueEmail('sur')}","mobile_number":"+15551234567","password":"a-long-password","re_password":"a-long-password"}`,
      }),
    ],
  ]);

  test('register: is_staff, is_superuser, is_active and id in the body are ignored', async () => {
    const body = registration({ is_staff: true, is_superuser: true, is_active: true, id: 1, is_guest: true });
    const res = await expectAnswer([201, 400], 'POST', REGISTER, { body });
    if (res.status === 400) return;
    assert.notEqual(res.json.id, 1);
    const row = await withDb(
      async (db) =>
        (await db.query('SELECT is_staff, is_active, is_guest FROM users WHERE lower(email) = lower($1)', [body.email]))
          .rows[0],
    );
    assert.deepEqual(row, { is_staff: false, is_active: false, is_guest: false });
    // Not active: signing in is refused as for a wrong password.
    await expectAnswer(401, 'POST', CREATE, { body: { email: body.email, password: body.password } });
  });

  test('register: an e-mail that differs only in case and spaces is the same account', async () => {
    const body = registration();
    await expectAnswer(201, 'POST', REGISTER, { body });
    await expectAnswer(400, 'POST', REGISTER, { body: { ...body, email: `  ${body.email.toUpperCase()} ` } });
  });
});

describe('the signed-in user: tampered and misused tokens', () => {
  let viewer;
  let claims;
  before(async () => {
    viewer = await login(VIEWER);
    claims = claimsOf(viewer.access);
  });
  const now = () => Math.floor(Date.now() / 1000);
  const meWith = (token, scheme) => request('GET', ME, { token, scheme });
  const refused = async (token, scheme) => {
    const res = await meWith(token, scheme);
    assertSafe(res);
    assert.equal(res.status, 401, `expected 401, got ${res.status} ${res.text}`);
    return res;
  };

  test('me: no token', () => expectAnswer(401, 'GET', ME));
  test('me: the real token works with JWT and Bearer', async () => {
    assert.equal((await meWith(viewer.access, 'JWT')).status, 200);
    assert.equal((await meWith(viewer.access, 'Bearer')).status, 200);
  });
  test('me: mass assignment by PATCH/PUT/POST is not possible', async () => {
    for (const method of ['PUT', 'POST']) {
      const res = await request(method, ME, { token: viewer.access, body: { is_staff: true, email: 'x@y.z' } });
      assertSafe(res);
      assert.ok([404, 405].includes(res.status), `${method} me: ${res.status}`);
    }
    // PATCH is the account page's: names, phone and promotional e-mails only, anything else refused.
    const res = await request('PATCH', ME, { token: viewer.access, body: { is_staff: true, email: 'x@y.z' } });
    assertSafe(res);
    assert.equal(res.status, 400, `PATCH me: ${res.status}`);
    assert.deepEqual(res.json.is_staff, ['This field is not allowed.']);
    const me = (await meWith(viewer.access)).json;
    assert.equal(me.is_staff, false);
    assert.equal(me.email, VIEWER.email);
  });
  test('me: alg none', () => refused(forgeJwt(claims, { alg: 'none' })));
  test('me: alg "None" with a signature stripped', () => refused(forgeJwt(claims, { alg: 'None', signature: '' })));
  test('me: a wrong signature', () =>
    refused(forgeJwt({ ...claims, user_id: claims.user_id }, { secret: 'not-the-secret-not-the-secret-00' })));
  test('me: claims changed after signing (another user id)', async () => {
    const [head, , sig] = viewer.access.split('.');
    const body = Buffer.from(JSON.stringify({ ...claims, user_id: 1 })).toString('base64url');
    await refused(`${head}.${body}.${sig}`);
  });
  test('me: HS512 signed with the real key (HS256 is pinned)', () => refused(forgeJwt(claims, { alg: 'HS512' })));
  test('me: a refresh token used as an access token', () => refused(viewer.refresh));
  test('me: an expired access token', () => refused(forgeJwt({ ...claims, iat: now() - 3600, exp: now() - 60 })));
  test('me: a token without token_type', () => {
    const { token_type: _t, ...rest } = claims;
    return refused(forgeJwt(rest));
  });
  test('me: a well-signed token for a user that does not exist', () =>
    refused(forgeJwt({ ...claims, user_id: 2_000_000_000 })));
  test('me: a user id as a string', () => refused(forgeJwt({ ...claims, user_id: `${claims.user_id}` })));
  test('me: garbage, empty and oversized tokens', async () => {
    await refused('abc');
    await refused('a.b.c');
    await refused(`${'x'.repeat(6000)}.${'y'.repeat(6000)}.z`);
    const res = await request('GET', ME, { headers: { authorization: 'JWT' } });
    assertSafe(res);
    assert.equal(res.status, 401);
  });
  test('me: a token of a deactivated account stops working', async () => {
    const other = await newViewer('deact');
    assert.equal((await meWith(other.tokens.access)).status, 200);
    await withDb((db) => db.query('UPDATE users SET is_active = false WHERE id = $1', [other.id]));
    await refused(other.tokens.access);
    await expectAnswer(401, 'POST', `${API}/auth/jwt/refresh/`, { body: { refresh: other.tokens.refresh } });
  });
});

describe('refresh and verify', () => {
  let viewer;
  before(async () => {
    viewer = await login(VIEWER);
  });
  const REFRESH = `${API}/auth/jwt/refresh/`;
  const VERIFY = `${API}/auth/jwt/verify/`;

  test('refresh: an access token is not a refresh token', () =>
    expectAnswer(401, 'POST', REFRESH, { body: { refresh: viewer.access } }));
  test('refresh: alg none refresh token', () =>
    expectAnswer(401, 'POST', REFRESH, { body: { refresh: forgeJwt(claimsOf(viewer.refresh), { alg: 'none' }) } }));
  test('refresh: a spent token replayed at once gets the same login chain, not a second one', async () => {
    // Within JWT_REFRESH_REUSE_SECONDS (30 s; tabs of one browser renewing together) a replay
    // answers the login's current refresh token; later it revokes the login, which
    // apps/api/src/auth/jwt.int-spec.ts proves with the token's spending moved back in time.
    const first = await expectAnswer(200, 'POST', REFRESH, { body: { refresh: viewer.refresh } });
    const replays = await Promise.all(
      Array.from({ length: 10 }, () => expectAnswer(200, 'POST', REFRESH, { body: { refresh: viewer.refresh } })),
    );
    const chains = new Set([first, ...replays].map((answer) => claimsOf(answer.json.refresh).jti));
    assert.equal(chains.size, 1, 'one live refresh token for the login');
  });
  test('refresh: the refresh token as a number and as an object', async () => {
    await expectAnswer([400, 401], 'POST', REFRESH, { body: { refresh: 12345 } });
    await expectAnswer([400, 401], 'POST', REFRESH, { body: { refresh: { a: 1 } } });
  });
  test('verify: garbage answers token_not_valid', async () => {
    const res = await expectAnswer(401, 'POST', VERIFY, { body: { token: 'x.y.z' } });
    assert.equal(res.json.code, 'token_not_valid');
  });
  test('verify: a NUL byte in the token', () =>
    expectAnswer([400, 401], 'POST', VERIFY, { body: { token: 'a\u0000b' } }));
});

describe('activation and password reset with forged links', () => {
  cases([
    [
      'activation: an unknown uid and token',
      [400],
      'POST',
      `${API}/auth/users/activation/`,
      { body: { uid: 'MTIzNDU2', token: 'abc-123' } },
    ],
    [
      'activation: a NUL byte in the uid',
      [400],
      'POST',
      `${API}/auth/users/activation/`,
      { body: { uid: 'M\u0000T', token: 'abc' } },
    ],
    [
      'activation: a 50 KB uid',
      [400],
      'POST',
      `${API}/auth/users/activation/`,
      { body: { uid: 'A'.repeat(50_000), token: 'abc' } },
    ],
    [
      'activation: uid of user 1 with a made-up token',
      [400, 403],
      'POST',
      `${API}/auth/users/activation/`,
      { body: { uid: 'MQ', token: 'c0ffee-deadbeefdeadbeefdeadbeef' } },
    ],
    [
      'reset confirm: a forged token',
      [400],
      'POST',
      `${API}/auth/users/reset_password_confirm/`,
      { body: { uid: 'MQ', token: 'x-y', new_password: 'abcdefgh12', re_new_password: 'abcdefgh12' } },
    ],
    [
      'reset confirm: the new password as an array',
      [400],
      'POST',
      `${API}/auth/users/reset_password_confirm/`,
      { body: { uid: 'MQ', token: 'x-y', new_password: ['a'], re_new_password: ['a'] } },
    ],
    [
      'reset request: a NUL byte in the e-mail',
      [400, 204],
      'POST',
      `${API}/auth/users/reset_password/`,
      { body: { email: 'a\u0000@b.com' }, from: '127.0.5.1' },
    ],
    [
      'resend activation: an e-mail as an object',
      [400],
      'POST',
      `${API}/auth/users/resend_activation/`,
      { body: { email: { a: 1 } }, from: '127.0.5.2' },
    ],
  ]);
});
