import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import pg from 'pg';
import { login, newPerson, PUBLIC_URL, register as registerFrom, startAuthApi, type AuthTestApi } from './test-kit.js';

// Each password hash costs ~0.3 s of CPU (scrypt at OWASP cost); a busy machine needs room.
jest.setTimeout(60_000);

describe('registration and activation (auth/users/, auth/users/activation/)', () => {
  let api: AuthTestApi;
  const register = (json: unknown) => registerFrom(api, json);
  const activate = (json: unknown) => api.request('/cuviewTV/auth/users/activation/', { method: 'POST', json });

  beforeAll(async () => {
    api = await startAuthApi();
  });
  afterAll(async () => api?.close());

  it('checks the fields in the spec order and answers djoser-style errors with a message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ first_name: 'A' }, 'first_name', 'Please, fill required fields'],
      [{ last_name: ' B ' }, 'last_name', 'Please, fill required fields'],
      [{ password: 'short', re_password: 'short' }, 'password', 'Please provide password at least 8 symbols'],
      [{ email: 'not-an-email' }, 'email', 'Please, Enter Valid Email'],
      [{ mobile_number: '12345678' }, 'mobile_number', 'Please, enter valid mobile number with country code'],
      [{ mobile_number: '+12345' }, 'mobile_number', 'Please, enter valid mobile number with country code'],
      [{ mobile_number: '+12345678901234' }, 'mobile_number', 'Please, enter valid mobile number with country code'],
      [{ re_password: 'something else' }, 'non_field_errors', 'Passwords do not match'],
    ];
    for (const [overrides, field, text] of cases) {
      const response = await register(newPerson(overrides));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ [field]: [text], message: text });
    }
  });

  it('refuses names of invisible or control characters, as the account page does, and creates no account', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ first_name: '\u200b\u200b\u200b' }, 'first_name'],
      [{ last_name: 'Evil\r\nBcc: x@y' }, 'last_name'],
      [{ first_name: '\u202eadA' }, 'first_name'],
      [{ last_name: `Z${'\u0301'.repeat(140)}` }, 'last_name'],
    ];
    for (const [overrides, field] of cases) {
      const person = newPerson(overrides);
      const response = await register(person);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        [field]: ['Please, fill required fields'],
        message: 'Please, fill required fields',
      });
      expect(await countUsers(person.email)).toBe(0);
    }
    expect((await register(newPerson({ first_name: 'Zoë', last_name: "O'Brien-Nguyễn" }))).status).toBe(201);
  });

  it('reports the earliest rule first when several fail, and lists every failing field', async () => {
    const response = await register(
      newPerson({ first_name: 'A', password: 'short', re_password: 'short', email: 'bad', mobile_number: 'x' }),
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.message).toBe('Please, fill required fields');
    expect(body.email).toEqual(['Please, Enter Valid Email']);
    expect(body.password).toEqual(['Please provide password at least 8 symbols']);
    expect(body.mobile_number).toEqual(['Please, enter valid mobile number with country code']);

    const withoutNames = await register(newPerson({ password: 'short', re_password: 'short', email: 'bad' }));
    expect(((await withoutNames.json()) as { message: string }).message).toBe(
      'Please provide password at least 8 symbols',
    );
  });

  it('refuses missing, wrongly typed and over-long fields with a 400, never a 500', async () => {
    const { first_name: _omitted, ...noFirstName } = newPerson();
    expect(await (await register(noFirstName)).json()).toMatchObject({ first_name: ['Please, fill required fields'] });
    expect(await (await register(newPerson({ email: 42 }))).json()).toMatchObject({ email: ['Not a valid string.'] });
    expect((await register(newPerson({ gives_permission: 'yes' }))).status).toBe(400);
    const longName = await register(newPerson({ first_name: 'x'.repeat(151) }));
    expect(longName.status).toBe(400);
    expect(await longName.json()).toMatchObject({ first_name: ['Ensure this field has no more than 150 characters.'] });
    const longEmail = await register(newPerson({ email: `${'a'.repeat(250)}@example.com` }));
    expect(longEmail.status).toBe(400);
    const longPassword = 'p'.repeat(129);
    expect((await register(newPerson({ password: longPassword, re_password: longPassword }))).status).toBe(400);
    for (const body of [[], 'text', null, 7]) {
      const response = await register(body);
      expect(response.status).toBe(400);
      expect((await response.json()) as { message: string }).toHaveProperty('message');
    }
  });

  it('refuses unknown fields such as is_staff, is_active and id, and creates nothing', async () => {
    for (const extra of [{ is_staff: true }, { is_active: true }, { id: 1 }, { is_guest: true }]) {
      const person = newPerson(extra);
      const response = await register(person);
      expect(response.status).toBe(400);
      const field = Object.keys(extra)[0];
      expect(await response.json()).toEqual({
        [field]: ['This field is not allowed.'],
        message: `Unknown field: ${field}`,
      });
      expect(await countUsers(person.email)).toBe(0);
    }
  });

  it('answers malformed JSON with 400 {message}', async () => {
    const response = await api.request('/cuviewTV/auth/users/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['message']);
    expect(body.message).toMatch(/JSON/);
  });

  it('registers (201), e-mails an activation link, activates once (204) then answers 403 stale', async () => {
    const person = newPerson({ first_name: '  Grace ', email: 'Grace.Hopper@Example.com' });
    const response = await register(person);
    expect(response.status).toBe(201);
    const user = (await response.json()) as Record<string, unknown>;
    expect(user).toEqual({
      id: expect.any(Number),
      first_name: 'Grace',
      last_name: 'Lovelace',
      email: 'Grace.Hopper@Example.com',
      mobile_number: '+441234567890',
      gives_permission: true,
    });
    expect(JSON.stringify(user)).not.toMatch(/password/);

    // Not active yet: the password is right but the login is refused like any other failure.
    expect((await login(api, person.email, person.password, '198.51.100.7')).status).toBe(401);

    const { uid, token, link } = await api.linkFor(person.email, 'activate');
    expect(link.startsWith(`${PUBLIC_URL}/activate/`)).toBe(true);
    expect(Buffer.from(uid, 'base64url').toString()).toBe(String(user.id));

    expect((await activate({ uid, token })).status).toBe(204);
    const again = await activate({ uid, token });
    expect(again.status).toBe(403);
    expect(await again.json()).toEqual({ detail: 'Stale token for given user.' });

    expect((await login(api, 'grace.hopper@example.com', person.password, '198.51.100.7')).status).toBe(200);
  });

  it('refuses a second account with the same e-mail in any letter case', async () => {
    const person = newPerson();
    expect((await register(person)).status).toBe(201);
    const duplicate = await register(newPerson({ email: person.email.toUpperCase() }));
    expect(duplicate.status).toBe(400);
    expect(await duplicate.json()).toEqual({
      email: ['user with this email already exists.'],
      message: 'user with this email already exists.',
    });
  });

  it('answers a bad activation token or uid with djoser errors', async () => {
    const person = newPerson();
    await register(person);
    const { uid, token } = await api.linkFor(person.email, 'activate');
    const tampered = token.slice(0, -1) + (token.endsWith('0') ? '1' : '0');
    const badToken = await activate({ uid, token: tampered });
    expect(badToken.status).toBe(400);
    expect(await badToken.json()).toMatchObject({ token: ['Invalid token for given user.'] });
    for (const badUid of [
      '!!!',
      Buffer.from('999999').toString('base64url'),
      Buffer.from('abc').toString('base64url'),
    ]) {
      const response = await activate({ uid: badUid, token });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ uid: ["Invalid user id or user doesn't exist."] });
    }
    expect((await activate({ uid })).status).toBe(400);
    // The untouched token still works: failed tries do not spend it.
    expect((await activate({ uid, token })).status).toBe(204);
  });

  async function countUsers(email: string): Promise<number> {
    const client = new pg.Client({ connectionString: api.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT count(*)::int AS n FROM users WHERE lower(email) = lower($1)', [
        email,
      ]);
      return rows[0].n as number;
    } finally {
      await client.end();
    }
  }
});
