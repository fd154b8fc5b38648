import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { PasswordHasher } from '@app/common';
import { AUTH_MESSAGES } from '@app/contracts';
import { login, newPerson, nextAddress, register, registerActive, startAuthApi, type AuthTestApi } from './test-kit.js';

// About 25 password hashes at ~0.3-2 s each on a loaded 2-core machine.
jest.setTimeout(180_000);

const TRIES = 5;

type Kind = 'deleted account' | 'unknown e-mail' | 'inactive account' | 'wrong password';

interface Answer {
  status: number;
  contentType: string | null;
  body: string;
  /** Password hashes the api ran for this sign-in (hash and verify, real or dummy). */
  hashes: number;
}

describe('failing sign-ins answer alike, with the same work: one password hash each (no account enumeration by time)', () => {
  let api: AuthTestApi;
  let hashes = 0;

  beforeAll(async () => {
    api = await startAuthApi();
    const hasher = api.app.get(PasswordHasher, { strict: false });
    for (const method of ['hash', 'verify'] as const) {
      const original = hasher[method].bind(hasher) as (...args: string[]) => Promise<never>;
      hasher[method] = (...args: string[]) => {
        hashes++;
        return original(...args);
      };
    }
  });
  afterAll(async () => api?.close());

  it('answers the same 401 after one password hash, whether the e-mail is unknown, deleted, inactive or the password wrong', async () => {
    const existing = await registerActive(api);
    const inactive = newPerson();
    expect((await register(api, inactive)).status).toBe(201);
    // Deleted the way a person does it, from the account page.
    const deleted = await registerActive(api);
    const home = nextAddress();
    const { access } = (await (await login(api, deleted.email, deleted.password, home)).json()) as { access: string };
    const deletion = await api.request('/cuviewTV/auth/users/me/', {
      method: 'DELETE',
      token: access,
      json: { current_password: deleted.password },
      headers: { 'x-forwarded-for': home },
    });
    expect(deletion.status).toBe(204);

    let unknownCount = 0;
    const attempts: Record<Kind, () => Promise<Response>> = {
      // Its owner, from the address the account was deleted from, with the password it had.
      'deleted account': () => login(api, deleted.email, deleted.password, home),
      'unknown e-mail': () =>
        login(api, `nobody${++unknownCount}.${process.pid}@example.com`, 'some password', nextAddress()),
      'inactive account': () => login(api, inactive.email, inactive.password, nextAddress()),
      'wrong password': () => login(api, existing.email, 'not the password', nextAddress()),
    };
    const kinds = Object.keys(attempts) as Kind[];
    const answers: Record<Kind, Answer[]> = {
      'deleted account': [],
      'unknown e-mail': [],
      'inactive account': [],
      'wrong password': [],
    };
    // Interleaved, each round in another order. The very first is the first sign-in since
    // start-up naming no account.
    for (let round = 0; round < TRIES; round++) {
      for (let i = 0; i < kinds.length; i++) {
        const kind = kinds[(round + i) % kinds.length];
        const before = hashes;
        const response = await attempts[kind]();
        const body = await response.text();
        answers[kind].push({
          status: response.status,
          contentType: response.headers.get('content-type'),
          body,
          hashes: hashes - before,
        });
      }
    }

    // One answer for all: the same status, content type and body, byte for byte.
    const shape = ({ status, contentType, body }: Answer) => ({ status, contentType, body });
    const first = shape(answers['wrong password'][0]);
    expect(first).toEqual({
      status: 401,
      contentType: expect.any(String),
      body: JSON.stringify({ detail: AUTH_MESSAGES.loginFailed }),
    });
    for (const kind of kinds)
      expect({ kind, answers: answers[kind].map(shape) }).toEqual({ kind, answers: Array(TRIES).fill(first) });

    // One password hash each, the first sign-in since start-up naming no account included.
    const work = Object.fromEntries(kinds.map((kind) => [kind, answers[kind].map((answer) => answer.hashes)]));
    expect(work).toEqual(Object.fromEntries(kinds.map((kind) => [kind, Array<number>(TRIES).fill(1)])));
  });
});
