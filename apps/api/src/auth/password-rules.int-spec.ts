import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { AUTH_MESSAGES } from '@app/contracts';
import { login, newPerson, register, registerActive, startAuthApi, type AuthTestApi } from './test-kit.js';

// Each password hash costs ~0.3 s of CPU (scrypt at OWASP cost); refusals cost none.
jest.setTimeout(120_000);

const { passwordTooSimilar, passwordTooCommon, passwordEntirelyNumeric, passwordRepeatedCharacter } = AUTH_MESSAGES;

let people = 0;
/** A person whose e-mail name, first and last names a password can be made of. */
function grace() {
  people++;
  const local = `ghopper${people}x${process.pid}`;
  return { local, names: { first_name: 'Grace', last_name: 'Hopper', email: `${local}@example.com` } };
}

type Refusal = [what: string, password: string, messages: string[]];

/** Each refused new password of the person with e-mail name `local`, with djoser's messages in Django's order. */
function refusals(local: string): Refusal[] {
  return [
    ['a common one', 'password', [passwordTooCommon]],
    ['a common one in other case', 'PassWord', [passwordTooCommon]],
    ['a common one, all digits', '12345678', [passwordTooCommon, passwordEntirelyNumeric]],
    ['digits only', '73914628', [passwordEntirelyNumeric]],
    ['one character repeated', 'zzzzzzzzzzzz', [passwordRepeatedCharacter]],
    ['the e-mail', `${local}@example.com`, [passwordTooSimilar.email]],
    ["the e-mail's name, in other case", `${local.toUpperCase()}!`, [passwordTooSimilar.email]],
    ['the first name inside', 'amazing-grace-42', [passwordTooSimilar.firstName]],
    ['the last name', 'HOPPER-compiler', [passwordTooSimilar.lastName]],
    ['the name and common', 'grace123', [passwordTooSimilar.firstName, passwordTooCommon]],
  ];
}

const GOOD = 'tulip river forty two';

describe('what a new password may not be (registration, reset confirm, set_password)', () => {
  let api: AuthTestApi;

  beforeAll(async () => {
    api = await startAuthApi();
  });
  afterAll(async () => api?.close());

  it('registration refuses each with 400 {"password": [...]} and makes no account; a good one registers', async () => {
    const { local, names } = grace();
    for (const [what, password, messages] of refusals(local)) {
      const answer = await register(api, newPerson({ ...names, password, re_password: password }));
      expect({ what, status: answer.status, body: await answer.json() }).toEqual({
        what,
        status: 400,
        body: { password: messages, message: messages[0] },
      });
    }
    // The password's problems are told before a mismatch, as djoser does.
    const weakAndMismatched = await register(api, newPerson({ ...names, password: 'password', re_password: 'other' }));
    expect(await weakAndMismatched.json()).toEqual({ password: [passwordTooCommon], message: passwordTooCommon });

    // Nothing was made: the e-mail is still free.
    expect((await register(api, newPerson({ ...names, password: GOOD, re_password: GOOD }))).status).toBe(201);
    // Names and e-mail names shorter than 3 characters are not looked for.
    const shortNames = await register(
      api,
      newPerson({
        first_name: 'Al',
        last_name: 'Li',
        email: `al@${local}.example.com`,
        password: 'al-li-and-al',
        re_password: 'al-li-and-al',
      }),
    );
    expect(shortNames.status).toBe(201);
  });

  it('reset confirm refuses each with 400 {"new_password": [...]} and changes nothing; a good one sets it', async () => {
    const { local, names } = grace();
    const account = await registerActive(api, names);
    const reset = await api.request('/cuviewTV/auth/users/reset_password/', {
      method: 'POST',
      json: { email: account.email },
      headers: { 'x-forwarded-for': '192.0.2.40' },
    });
    expect(reset.status).toBe(204);
    const { uid, token } = await api.linkFor(account.email, 'password-reset');
    const confirm = (password: string) =>
      api.request('/cuviewTV/auth/users/reset_password_confirm/', {
        method: 'POST',
        json: { uid, token, new_password: password, re_new_password: password },
      });

    for (const [what, password, messages] of refusals(local)) {
      const answer = await confirm(password);
      expect({ what, status: answer.status, body: await answer.json() }).toEqual({
        what,
        status: 400,
        body: { new_password: messages, message: messages[0] },
      });
    }
    // The link is bound to the password: that it still works shows nothing was changed.
    expect((await confirm(GOOD)).status).toBe(204);
    expect((await login(api, account.email, GOOD, '192.0.2.41')).status).toBe(200);
  });

  it('set_password refuses each, and the current password, with 400 {"new_password": [...]}; a good one changes it', async () => {
    const { local, names } = grace();
    const account = await registerActive(api, names);
    const signedIn = await login(api, account.email, account.password, '192.0.2.50');
    const { access } = (await signedIn.json()) as { access: string };
    const change = (new_password: string, current_password = account.password) =>
      api.request('/cuviewTV/auth/users/set_password/', {
        method: 'POST',
        token: access,
        json: { current_password, new_password, re_new_password: new_password },
        headers: { 'x-forwarded-for': '192.0.2.51' },
      });

    const sameAsCurrent: Refusal = ['the current one', account.password, [AUTH_MESSAGES.passwordUnchanged]];
    for (const [what, password, messages] of [...refusals(local), sameAsCurrent]) {
      const answer = await change(password);
      expect({ what, status: answer.status, body: await answer.json() }).toEqual({
        what,
        status: 400,
        body: { new_password: messages, message: messages[0] },
      });
    }
    // Nothing changed: a change would have ended this session (its token predates it).
    expect((await api.request('/cuviewTV/auth/users/me/', { token: access })).status).toBe(200);
    expect((await change(GOOD)).status).toBe(204);
    expect((await login(api, account.email, account.password, '192.0.2.52')).status).toBe(401);
    expect((await login(api, account.email, GOOD, '192.0.2.53')).status).toBe(200);
  });
});
