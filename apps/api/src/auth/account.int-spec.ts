import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import { User } from '@app/db';
import { TestFactories } from '@app/testing';
import { countPasswordChecks, login, registerActive, startAuthApi, type AuthTestApi } from './test-kit.js';

// Each password hash costs ~0.3 s of CPU (scrypt at OWASP cost); the concurrency test hashes.
jest.setTimeout(120_000);

type Person = { email: string; password: string; id: number };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const countOf = (values: number[], wanted: number) => values.filter((value) => value === wanted).length;

describe("the account page's calls (PATCH/DELETE auth/users/me/, POST auth/users/set_password/)", () => {
  let api: AuthTestApi;
  let db: DataSource;
  let f: TestFactories;
  /** Password checks the api ran: what a guesser gets. */
  let checks: { count: number };
  let addressCounter = 0;
  const address = () => `203.0.113.${++addressCounter}`;

  beforeAll(async () => {
    api = await startAuthApi({ LOGIN_MAX_ATTEMPTS: '5', LOGIN_ADDRESS_MAX_ATTEMPTS: '40' });
    db = api.app.get(DataSource);
    f = new TestFactories(db, api.config.JWT_SECRET);
    checks = countPasswordChecks(api);
  });
  afterAll(async () => api?.close());

  const me = (token: string | undefined, method = 'GET', json?: unknown, ip = '198.51.100.1') =>
    api.request('/cuviewTV/auth/users/me/', { method, token, json, headers: { 'x-forwarded-for': ip } });
  const setPassword = (token: string | undefined, json: unknown, ip = '198.51.100.1') =>
    api.request('/cuviewTV/auth/users/set_password/', {
      method: 'POST',
      token,
      json,
      headers: { 'x-forwarded-for': ip },
    });
  async function signIn(person: Person, ip = '198.51.100.1'): Promise<{ access: string; refresh: string }> {
    const response = await login(api, person.email, person.password, ip);
    expect(response.status).toBe(200);
    return (await response.json()) as { access: string; refresh: string };
  }
  const row = async (id: number) =>
    ((await db.query('SELECT * FROM users WHERE id = $1', [id])) as Record<string, unknown>[])[0];
  /**
   * The limit held over a burst of wrong passwords from one address: at most LOGIN_MAX_ATTEMPTS
   * (5) checked (400), the rest refused (429). A loaded machine can make the limiter's Redis call
   * outlast its 2 s timeout: that request answers 503 (a dependency not answering in time) and is
   * never a check, so it is allowed; no other answer is.
   */
  function expectBurstLimited(answers: Response[]) {
    const codes = answers.map((answer) => answer.status);
    expect(countOf(codes, 400)).toBeLessThanOrEqual(5);
    expect(codes.filter((code) => ![400, 429, 503].includes(code))).toEqual([]);
    expect(countOf(codes, 429)).toBeGreaterThanOrEqual(codes.length - 5 - countOf(codes, 503));
    expect(checks.count).toBeLessThanOrEqual(5);
  }

  describe('PATCH auth/users/me/', () => {
    it('changes only the fields sent and answers the user as GET me does; another account is untouched', async () => {
      const person = await registerActive(api);
      const other = await registerActive(api);
      const otherBefore = await row(other.id);
      const { access } = await signIn(person);
      const answer = await me(access, 'PATCH', { first_name: '  Grace ', gives_permission: false });
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as Record<string, unknown>;
      expect(body).toEqual({
        id: person.id,
        email: person.email,
        first_name: 'Grace',
        last_name: 'Lovelace',
        mobile_number: '+441234567890',
        gives_permission: false,
        is_staff: false,
        totp_enabled: false,
        totp_setup_required: false,
      });
      expect(await (await me(access)).json()).toEqual(body);

      const more = await me(access, 'PATCH', { last_name: 'Hopper', mobile_number: '+15551234567' });
      expect(await more.json()).toMatchObject({
        first_name: 'Grace',
        last_name: 'Hopper',
        mobile_number: '+15551234567',
      });
      expect(await row(other.id)).toEqual(otherBefore);
      // Nothing changed with an empty body: the same answer.
      expect((await me(access, 'PATCH', {})).status).toBe(200);
    });

    it("refuses bad fields with registration's messages in djoser's shape, and writes nothing", async () => {
      const person = await registerActive(api);
      const { access } = await signIn(person);
      const before = await row(person.id);
      const cases: [unknown, string, string][] = [
        [{ first_name: 'A' }, 'first_name', 'Please, fill required fields'],
        [{ last_name: '' }, 'last_name', 'Please, fill required fields'],
        [{ mobile_number: '12345678' }, 'mobile_number', 'Please, enter valid mobile number with country code'],
        [{ mobile_number: '' }, 'mobile_number', 'Please, enter valid mobile number with country code'],
        [{ first_name: 'x'.repeat(151) }, 'first_name', 'Ensure this field has no more than 150 characters.'],
        [{ gives_permission: 'yes' }, 'gives_permission', 'Must be a valid boolean.'],
        [{ first_name: 42 }, 'first_name', 'Not a valid string.'],
        [{ first_name: { nested: ['x'] } }, 'first_name', 'Not a valid string.'],
        [{ last_name: null }, 'last_name', 'This field may not be null.'],
        [{ email: 'new@example.com' }, 'email', 'This field is not allowed.'],
        [{ is_staff: true }, 'is_staff', 'This field is not allowed.'],
        [{ password: 'a new password' }, 'password', 'This field is not allowed.'],
      ];
      for (const [json, field, text] of cases) {
        // A valid field beside the bad one is not written either.
        const answer = await me(access, 'PATCH', {
          ...(json as object),
          ...(field === 'first_name' ? {} : { first_name: 'Changed' }),
        });
        expect([answer.status, await answer.json()]).toEqual([400, expect.objectContaining({ [field]: [text] })]);
      }
      for (const body of [[], 'text', 7, null]) {
        const answer = await me(access, 'PATCH', body);
        expect(answer.status).toBe(400);
        expect(await answer.json()).toHaveProperty('message');
      }
      const nul = await me(access, 'PATCH', { first_name: 'Ad\u0000a' });
      expect(nul.status).toBe(400);
      let deep: unknown = 'x';
      for (let i = 0; i < 200; i++) deep = { a: deep };
      expect((await me(access, 'PATCH', { first_name: deep })).status).toBe(400);
      const huge = await me(access, 'PATCH', { first_name: 'x'.repeat(2 * 1024 * 1024) });
      expect(huge.status).toBe(413);
      expect(await huge.json()).toHaveProperty('message');
      const malformed = await api.request('/cuviewTV/auth/users/me/', {
        method: 'PATCH',
        token: access,
        headers: { 'content-type': 'application/json' },
        body: '{"first_name": ',
      });
      expect(malformed.status).toBe(400);
      expect(await row(person.id)).toEqual(before);
    });
    it('refuses names of invisible or control characters and keeps the names people really have', async () => {
      const person = await registerActive(api);
      const { access } = await signIn(person);
      const before = await row(person.id);
      const hostile = [
        '\u200b\u200b\u200b',
        'Ada\u200b',
        '\u202eadA',
        'Evil\r\nBcc: x@y',
        'Tab\tName',
        'Ada\u2028Bcc',
        `Z${'\u0301'.repeat(140)}`,
        'Zo\u0308\u0301\u0300\u0302\u0303',
        '\u0301\u0301',
        '12345',
        '-- --',
      ];
      for (const name of hostile) {
        for (const field of ['first_name', 'last_name']) {
          const answer = await me(access, 'PATCH', { [field]: name });
          expect([name, answer.status, await answer.json()]).toEqual([
            name,
            400,
            { [field]: ['Please, fill required fields'], message: 'Please, fill required fields' },
          ]);
        }
      }
      expect(await row(person.id)).toEqual(before);
      const real = [
        'José',
        'Zoë',
        "O'Brien",
        'O\u2019Brien',
        'Jean-Luc',
        'Mary Ann',
        '王小明',
        '山田 太郎',
        '김민준',
        'Nguyễn',
        'Nguye\u0302\u0303n',
        'Αλέξανδρος',
        'Владимир',
        'محمد',
        'علی\u200cاکبر',
        'שָׁלוֹם',
        'देवनागरी',
        'X Æ A-12',
      ];
      for (const name of real) {
        const answer = await me(access, 'PATCH', { first_name: name, last_name: name });
        expect([name, answer.status]).toEqual([name, 200]);
        expect(await answer.json()).toMatchObject({ first_name: name, last_name: name });
      }
    });
  });

  describe('POST auth/users/set_password/', () => {
    it('changes the password: tokens from before are refused, the new password signs in, the old does not', async () => {
      const person = await registerActive(api);
      const other = await registerActive(api);
      const otherDevice = await signIn(person, '198.51.100.2');
      const otherPerson = await signIn(other);
      const { access } = await signIn(person);
      // Tokens carry whole seconds; one from the same second as the change is let through.
      await sleep(1100);
      const answer = await setPassword(access, {
        current_password: person.password,
        new_password: 'a brand new passphrase',
        re_new_password: 'a brand new passphrase',
      });
      expect(answer.status).toBe(204);

      expect((await me(access)).status).toBe(401);
      expect((await me(otherDevice.access)).status).toBe(401);
      const refreshed = await api.request('/cuviewTV/auth/jwt/refresh', {
        method: 'POST',
        json: { refresh: otherDevice.refresh },
      });
      expect(refreshed.status).toBe(401);
      expect((await login(api, person.email, person.password, '198.51.100.3')).status).toBe(401);
      const fresh = await signIn({ ...person, password: 'a brand new passphrase' });
      expect((await me(fresh.access)).status).toBe(200);
      // Someone else's session does not notice.
      expect((await me(otherPerson.access)).status).toBe(200);
    });

    it('answers a wrong current password with 400 {"current_password": ["Invalid password."]} and changes nothing', async () => {
      const person = await registerActive(api);
      const { access } = await signIn(person);
      const before = await row(person.id);
      const answer = await setPassword(access, {
        current_password: 'not my password',
        new_password: 'a brand new passphrase',
        re_new_password: 'a brand new passphrase',
      });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ current_password: ['Invalid password.'], message: 'Invalid password.' });
      expect(await row(person.id)).toEqual(before);
      expect((await me(access)).status).toBe(200);
    });

    it("checks the new password with registration's rules before any password check", async () => {
      const person = await registerActive(api);
      const { access } = await signIn(person);
      checks.count = 0;
      const cases: [Record<string, unknown>, string, string][] = [
        [
          { new_password: 'short', re_new_password: 'short' },
          'new_password',
          'Please provide password at least 8 symbols',
        ],
        [{ re_new_password: 'something else' }, 'non_field_errors', 'Passwords do not match'],
        [{ current_password: undefined }, 'current_password', 'This field is required.'],
        [{ current_password: 12345678 }, 'current_password', 'Not a valid string.'],
        [
          { new_password: 'p'.repeat(129), re_new_password: 'p'.repeat(129) },
          'new_password',
          'Ensure this field has no more than 128 characters.',
        ],
        [{ uid: 'x' }, 'uid', 'This field is not allowed.'],
      ];
      for (const [overrides, field, text] of cases) {
        const json = {
          current_password: person.password,
          new_password: 'a brand new passphrase',
          re_new_password: 'a brand new passphrase',
          ...overrides,
        };
        const answer = await setPassword(access, json);
        expect([answer.status, await answer.json()]).toEqual([400, expect.objectContaining({ [field]: [text] })]);
      }
      expect(checks.count).toBe(0);
      expect((await login(api, person.email, person.password, '198.51.100.4')).status).toBe(200);
    });

    it('checks at most LOGIN_MAX_ATTEMPTS of 50 parallel wrong current passwords, then 429 with Retry-After', async () => {
      const person = await registerActive(api);
      const ip = address();
      const { access } = await signIn(person, ip);
      checks.count = 0;
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          setPassword(
            access,
            { current_password: `guess ${i}`, new_password: 'stolen session!', re_new_password: 'stolen session!' },
            ip,
          ),
        ),
      );
      expectBurstLimited(answers);
      const limited = answers.find((answer) => answer.status === 429)!;
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await limited.json()).toMatchObject({ detail: 'Too many attempts, try again later.' });
      // The same counter as sign-in: the right password is refused from that address now ...
      const right = await setPassword(
        access,
        { current_password: person.password, new_password: 'stolen session!', re_new_password: 'stolen session!' },
        ip,
      );
      expect(right.status).toBe(429);
      expect((await login(api, person.email, person.password, ip)).status).toBe(429);
      // ... and the password was never changed.
      expect((await login(api, person.email, person.password, address())).status).toBe(200);
    });
  });

  describe('DELETE auth/users/me/', () => {
    it('deletes the account with its playlists and watch positions; another account is untouched', async () => {
      const person = await registerActive(api);
      const other = await registerActive(api);
      const video = await f.video();
      const [mine, theirs] = await Promise.all(
        [person.id, other.id].map(async (id) => {
          const owner = await db.getRepository(User).findOneByOrFail({ id });
          return f.playlist({ user: owner, videos: [video], title: `list of ${id}` });
        }),
      );
      for (const id of [person.id, other.id]) {
        await db.query(
          'INSERT INTO watch_positions (user_id, video_id, position, updated_at) VALUES ($1, $2, 30, now())',
          [id, video.id],
        );
      }
      const { access, refresh } = await signIn(person);
      await signIn(other);

      const wrong = await me(access, 'DELETE', { current_password: 'not it' });
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toEqual({ current_password: ['Invalid password.'], message: 'Invalid password.' });
      expect(await row(person.id)).toBeDefined();
      expect((await me(access, 'DELETE', {})).status).toBe(400);

      expect((await me(access, 'DELETE', { current_password: person.password })).status).toBe(204);
      expect(await row(person.id)).toBeUndefined();
      const left = async (table: string, column: string, id: number) =>
        ((await db.query(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`, [id])) as { n: number }[])[0]
          .n;
      expect(await left('playlists', 'id', mine.id)).toBe(0);
      expect(await left('playlist_videos', 'playlist_id', mine.id)).toBe(0);
      expect(await left('watch_positions', 'user_id', person.id)).toBe(0);
      expect(await left('refresh_tokens', 'user_id', person.id)).toBe(0);
      expect(await left('playlists', 'id', theirs.id)).toBe(1);
      expect(await left('watch_positions', 'user_id', other.id)).toBe(1);
      expect(await left('refresh_tokens', 'user_id', other.id)).toBeGreaterThan(0);
      expect(await left('videos', 'id', video.id)).toBe(1);

      expect((await me(access)).status).toBe(401);
      expect((await api.request('/cuviewTV/auth/jwt/refresh', { method: 'POST', json: { refresh } })).status).toBe(401);
      expect((await login(api, person.email, person.password, '198.51.100.5')).status).toBe(401);
      expect((await signIn(other)).access).toEqual(expect.any(String));
    });

    it('refuses a staff account with 403 and a message, before any password check', async () => {
      const staff = await registerActive(api);
      await db.query('UPDATE users SET is_staff = true WHERE id = $1', [staff.id]);
      const { access } = await signIn(staff);
      checks.count = 0;
      const answer = await me(access, 'DELETE', { current_password: staff.password });
      expect(answer.status).toBe(403);
      expect(await answer.json()).toEqual({
        message:
          'Staff accounts cannot be deleted from the account page. Ask another administrator to remove staff access first.',
      });
      expect(checks.count).toBe(0);
      expect(await row(staff.id)).toBeDefined();
    });

    it('limits 50 parallel wrong passwords like sign-in', async () => {
      const person = await registerActive(api);
      const ip = address();
      const { access } = await signIn(person, ip);
      checks.count = 0;
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => me(access, 'DELETE', { current_password: `guess ${i}` }, ip)),
      );
      expectBurstLimited(answers);
      expect((await me(access, 'DELETE', { current_password: person.password }, ip)).status).toBe(429);
      expect(await row(person.id)).toBeDefined();
    });
  });

  describe('who may call them', () => {
    it('answers 401 without a signed-in user, and to a refresh token', async () => {
      const person = await registerActive(api);
      const { refresh } = await signIn(person);
      for (const token of [undefined, 'not.a.token', refresh]) {
        expect((await me(token, 'PATCH', { first_name: 'Nobody' })).status).toBe(401);
        expect((await me(token, 'DELETE', { current_password: person.password })).status).toBe(401);
        const answer = await setPassword(token, {
          current_password: person.password,
          new_password: 'a brand new passphrase',
          re_new_password: 'a brand new passphrase',
        });
        expect(answer.status).toBe(401);
      }
      expect((await row(person.id)).first_name).toBe('Ada');
    });

    it('refuses the guest account (the auth=1 link) with 403', async () => {
      const guest = (await (await api.request('/cuviewTV/auth/jwt/guest/', { method: 'POST' })).json()) as {
        access: string;
      };
      const patch = await me(guest.access, 'PATCH', { first_name: 'Guesty' });
      expect(patch.status).toBe(403);
      expect(await patch.json()).toEqual({
        message: 'The guest account cannot be changed or deleted. Please sign up for an account of your own.',
      });
      expect((await me(guest.access, 'DELETE', { current_password: '' })).status).toBe(400);
      expect((await me(guest.access, 'DELETE', { current_password: 'anything' })).status).toBe(403);
      const change = await setPassword(guest.access, {
        current_password: 'anything',
        new_password: 'a brand new passphrase',
        re_new_password: 'a brand new passphrase',
      });
      expect(change.status).toBe(403);
      expect(await (await me(guest.access)).json()).toMatchObject({ first_name: '' });
    });
  });
});
