import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { AccountTokens, encodeUid } from './account-tokens.js';
import { UsersRepository } from '../users/users.repository.js';
import { login, PUBLIC_URL, registerActive, startAuthApi, type AuthTestApi } from './test-kit.js';

// Each password hash costs ~0.3 s of CPU (scrypt at OWASP cost); a busy machine needs room.
jest.setTimeout(60_000);

describe('password reset (auth/users/reset_password/, reset_password_confirm/)', () => {
  let api: AuthTestApi;
  const requestReset = (email: unknown, ip = '192.0.2.1') =>
    api.request('/cuviewTV/auth/users/reset_password/', {
      method: 'POST',
      json: { email },
      headers: { 'x-forwarded-for': ip },
    });
  const confirm = (json: unknown) =>
    api.request('/cuviewTV/auth/users/reset_password_confirm/', { method: 'POST', json });

  beforeAll(async () => {
    api = await startAuthApi({ LOGIN_MAX_ATTEMPTS: '3' });
  });
  afterAll(async () => api?.close());

  it('answers 204 for an unknown e-mail and sends nothing', async () => {
    const response = await requestReset('nobody-here@example.com', '192.0.2.2');
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await readdir(api.outbox)).length).toBe(0);
  });

  it('checks the e-mail pattern with the spec message', async () => {
    const response = await requestReset('not an email', '192.0.2.3');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      email: ['Please, Enter Valid Email'],
      message: 'Please, Enter Valid Email',
    });
  });

  it('resets a password with the e-mailed link once; old password and old refresh tokens stop working', async () => {
    const person = await registerActive(api);
    const before = (await (await login(api, person.email, person.password, '192.0.2.10')).json()) as {
      access: string;
      refresh: string;
    };

    expect((await requestReset(person.email.toUpperCase(), '192.0.2.11')).status).toBe(204);
    const { uid, token, link } = await api.linkFor(person.email, 'password-reset');
    expect(link.startsWith(`${PUBLIC_URL}/password-reset/`)).toBe(true);

    const newPassword = 'a brand new passphrase';
    const short = await confirm({ uid, token, new_password: 'short', re_new_password: 'short' });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({
      new_password: ['Please, provide password at least 8 symbols'],
      message: 'Please, provide password at least 8 symbols',
    });
    const mismatch = await confirm({ uid, token, new_password: newPassword, re_new_password: `${newPassword}!` });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toEqual({
      non_field_errors: ['Passwords do not match'],
      message: 'Passwords do not match',
    });

    expect((await confirm({ uid, token, new_password: newPassword, re_new_password: newPassword })).status).toBe(204);

    const again = await confirm({ uid, token, new_password: 'yet another one', re_new_password: 'yet another one' });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      token: ['Invalid token for given user.'],
      message: 'Invalid token for given user.',
    });

    expect((await login(api, person.email, person.password, '192.0.2.12')).status).toBe(401);
    expect((await login(api, person.email, newPassword, '192.0.2.13')).status).toBe(200);
    const refreshed = await api.request('/cuviewTV/auth/jwt/refresh/', {
      method: 'POST',
      json: { refresh: before.refresh },
    });
    expect(refreshed.status).toBe(401);
    expect(await refreshed.json()).toMatchObject({ code: 'token_not_valid' });
  });

  it('refuses an expired reset token and a token for another account', async () => {
    const person = await registerActive(api);
    const other = await registerActive(api);
    const users = api.app.get(UsersRepository);
    const tokens = api.app.get(AccountTokens);
    const user = (await users.findById(person.id))!;
    const fourDaysAgo = Date.now() - 4 * 24 * 3600 * 1000;
    const body = { new_password: 'long enough pass', re_new_password: 'long enough pass' };

    const expired = await confirm({
      uid: encodeUid(person.id),
      token: tokens.make('password-reset', user, fourDaysAgo),
      ...body,
    });
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ token: ['Invalid token for given user.'] });

    const stolen = await confirm({ uid: encodeUid(other.id), token: tokens.make('password-reset', user), ...body });
    expect(stolen.status).toBe(400);

    // An activation token is not a reset token.
    const activation = await confirm({ uid: encodeUid(person.id), token: tokens.make('activation', user), ...body });
    expect(activation.status).toBe(400);

    const fresh = await confirm({ uid: encodeUid(person.id), token: tokens.make('password-reset', user), ...body });
    expect(fresh.status).toBe(204);
  });

  it('rate-limits reset requests per e-mail with 429 and Retry-After, without revealing the account', async () => {
    for (let i = 1; i <= 3; i++) expect((await requestReset('target@example.com', `198.51.100.${i}`)).status).toBe(204);
    const limited = await requestReset('target@example.com', '198.51.100.50');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      detail: 'Too many attempts, try again later.',
      message: expect.stringMatching(/^Too many attempts, try again in \d+ minutes\.$/),
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await requestReset('someone-else@example.com', '198.51.100.51')).status).toBe(204);
  });
});
