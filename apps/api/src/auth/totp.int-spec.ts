// Two-factor sign-in for staff (issue 15): enrolment with a QR address and a first code, the
// code step of a login, single-use recovery codes, the wrong-code limit under a burst of
// parallel guesses, other people's tickets and codes, and STAFF_TOTP_REQUIRED.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { generate } from 'otplib';
import { AUTH_MESSAGES } from '@app/contracts';
import { DataSource } from 'typeorm';
import { login, registerActive, startAuthApi, type AuthTestApi } from './test-kit.js';

jest.setTimeout(120_000);

type Json = Record<string, unknown>;
const json = async (response: Response) => [response.status, (await response.json()) as Json] as const;
const now = () => Math.floor(Date.now() / 1000);
/** The code of the next 30 s step: accepted (clock drift) and newer than the one just used. */
const nextCode = (secret: string) => generate({ secret, epoch: now() + 30 });

async function signedIn(api: AuthTestApi, staff: boolean) {
  const person = await registerActive(api);
  if (staff) await api.app.get(DataSource).query(`UPDATE users SET is_staff = true WHERE id = $1`, [person.id]);
  const [, tokens] = await json(await login(api, person.email, person.password));
  return { ...person, access: tokens.access as string };
}

async function enrol(api: AuthTestApi, access: string) {
  const [, setup] = await json(await api.request('/cuviewTV/auth/totp/setup/', { method: 'POST', token: access }));
  const secret = setup.secret as string;
  const code = await generate({ secret });
  const [status, body] = await json(
    await api.request('/cuviewTV/auth/totp/confirm/', { method: 'POST', token: access, json: { code } }),
  );
  expect(status).toBe(200);
  return { secret, recovery: body.recovery_codes as string[], otpauth: setup.otpauth_url as string };
}

const otp = (api: AuthTestApi, otp_token: unknown, code: unknown) =>
  api.request('/cuviewTV/auth/jwt/otp/', { method: 'POST', json: { otp_token, code } });

describe('two-factor sign-in (TOTP, RFC 6238)', () => {
  let api: AuthTestApi;
  let db: DataSource;

  beforeAll(async () => {
    api = await startAuthApi({ LOGIN_MAX_ATTEMPTS: '5' });
    db = api.app.get(DataSource);
  });
  afterAll(async () => api?.close());

  it('enrols with a QR address and a first code; the secret and the recovery codes are never stored or shown again in clear', async () => {
    const staff = await signedIn(api, true);
    const [, before] = await json(await api.request('/cuviewTV/auth/totp/', { token: staff.access }));
    expect(before).toEqual({ enabled: false, required: false, recovery_codes_left: 0 });

    const [setupStatus, setup] = await json(
      await api.request('/cuviewTV/auth/totp/setup/', { method: 'POST', token: staff.access }),
    );
    expect(setupStatus).toBe(200);
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauth_url).toMatch(/^otpauth:\/\/totp\/CUVIEW%20TV:/);
    expect(setup.otpauth_url).toContain(`secret=${setup.secret as string}`);

    // Wrong code: not on.
    const [wrongStatus, wrong] = await json(
      await api.request('/cuviewTV/auth/totp/confirm/', {
        method: 'POST',
        token: staff.access,
        json: { code: '000000' },
      }),
    );
    // A 400, not a 401: the session is fine, and a client that refreshes on 401 would send the code twice.
    expect([wrongStatus, wrong.code, wrong.message]).toEqual([400, 'otp_wrong', AUTH_MESSAGES.otpWrong]);
    const [badStatus] = await json(
      await api.request('/cuviewTV/auth/totp/confirm/', { method: 'POST', token: staff.access, json: {} }),
    );
    expect(badStatus).toBe(400);

    const code = await generate({ secret: setup.secret as string });
    const [okStatus, ok] = await json(
      await api.request('/cuviewTV/auth/totp/confirm/', { method: 'POST', token: staff.access, json: { code } }),
    );
    expect(okStatus).toBe(200);
    const codes = ok.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const [row] = await db.query(`SELECT totp_secret, totp_enabled_at FROM users WHERE id = $1`, [staff.id]);
    expect(row.totp_enabled_at).not.toBeNull();
    expect(row.totp_secret).toMatch(/^v1\./);
    expect(row.totp_secret).not.toContain(setup.secret);
    const hashes: { code_hash: string }[] = await db.query(
      `SELECT code_hash FROM totp_recovery_codes WHERE user_id = $1`,
      [staff.id],
    );
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes) expect(codes.map((c) => c.replace('-', ''))).not.toContain(code_hash);

    // Never answered again: a second setup is refused, the status and /me carry no secret.
    expect((await api.request('/cuviewTV/auth/totp/setup/', { method: 'POST', token: staff.access })).status).toBe(409);
    const [, after] = await json(await api.request('/cuviewTV/auth/totp/', { token: staff.access }));
    expect(after).toEqual({ enabled: true, required: false, recovery_codes_left: 10 });
    const [, me] = await json(await api.request('/cuviewTV/auth/users/me/', { token: staff.access }));
    expect(me).toMatchObject({ totp_enabled: true, totp_setup_required: false });
    expect(JSON.stringify(me)).not.toContain(setup.secret);
  });

  it('asks for the code after the password; a code and a recovery code each sign in once', async () => {
    const staff = await signedIn(api, true);
    const { secret, recovery } = await enrol(api, staff.access);

    const [status, challenge] = await json(await login(api, staff.email, staff.password));
    expect(status).toBe(200);
    expect(challenge).toEqual({ otp_required: true, otp_token: expect.any(String) });
    expect(challenge.access).toBeUndefined();
    // The ticket is not an access token.
    expect((await api.request('/cuviewTV/auth/users/me/', { token: challenge.otp_token as string })).status).toBe(401);
    // A wrong password still gets the one 401, never a ticket.
    expect((await login(api, staff.email, 'wrong password')).status).toBe(401);

    const code = await nextCode(secret);
    const [okStatus, tokens] = await json(await otp(api, challenge.otp_token, code));
    expect(okStatus).toBe(200);
    expect(Object.keys(tokens).sort()).toEqual(['access', 'refresh']);
    expect((await api.request('/cuviewTV/auth/users/me/', { token: tokens.access as string })).status).toBe(200);

    // The same code again (replayed, or a second login in the same 30 s) is refused.
    const [replayStatus, replay] = await json(await otp(api, challenge.otp_token, code));
    expect([replayStatus, replay.code]).toEqual([401, 'otp_wrong']);

    // A recovery code (any case, with or without its dash) works once.
    const [, again] = await json(await login(api, staff.email, staff.password));
    const spare = recovery[3]!;
    expect((await otp(api, again.otp_token, spare.toUpperCase().replace('-', ' '))).status).toBe(200);
    expect((await otp(api, again.otp_token, spare)).status).toBe(401);
    const [, left] = await json(await api.request('/cuviewTV/auth/totp/', { token: staff.access }));
    expect(left.recovery_codes_left).toBe(9);

    // Bad input: clear 4xx.
    expect((await otp(api, again.otp_token, undefined)).status).toBe(400);
    expect((await otp(api, again.otp_token, 'x'.repeat(40))).status).toBe(400);
    expect((await otp(api, 'not a token', '123456')).status).toBe(401);
  });

  it('checks at most LOGIN_MAX_ATTEMPTS of 30 parallel wrong codes, and then not even the right one', async () => {
    const staff = await signedIn(api, true);
    const { secret } = await enrol(api, staff.access);
    const [, challenge] = await json(await login(api, staff.email, staff.password));
    const guesses = Array.from({ length: 30 }, (_, i) => String(100000 + i * 7919).slice(0, 6));
    const answers = await Promise.all(guesses.map((guess) => otp(api, challenge.otp_token, guess)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 401 || s === 429)).toHaveLength(30);
    const limited = answers.find((a) => a.status === 429)!;
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The limit holds for the right code too until the window passes.
    expect((await otp(api, challenge.otp_token, await nextCode(secret))).status).toBe(429);
  });

  it("refuses another person's ticket with one's code, and a code for another account", async () => {
    const ann = await signedIn(api, true);
    const bob = await signedIn(api, true);
    const annTotp = await enrol(api, ann.access);
    const bobTotp = await enrol(api, bob.access);
    const [, bobTicket] = await json(await login(api, bob.email, bob.password));
    // Ann's code (and a recovery code of hers) on Bob's ticket: wrong.
    expect((await otp(api, bobTicket.otp_token, await nextCode(annTotp.secret))).status).toBe(401);
    expect((await otp(api, bobTicket.otp_token, annTotp.recovery[0])).status).toBe(401);
    // An access token is not a ticket.
    const [status, body] = await json(await otp(api, ann.access, await nextCode(annTotp.secret)));
    expect([status, body.code]).toEqual([401, 'token_not_valid']);
    // Ann cannot turn off two-factor sign-in with Bob's code: every call is about the caller.
    const disable = await api.request('/cuviewTV/auth/totp/disable/', {
      method: 'POST',
      token: ann.access,
      json: { code: await nextCode(bobTotp.secret) },
    });
    expect(disable.status).toBe(400);
    const [, annState] = await json(await api.request('/cuviewTV/auth/totp/', { token: ann.access }));
    expect(annState.enabled).toBe(true);
    // With her own recovery code, she can.
    const off = await api.request('/cuviewTV/auth/totp/disable/', {
      method: 'POST',
      token: ann.access,
      json: { code: annTotp.recovery[1] },
    });
    expect(off.status).toBe(204);
    const [loginStatus, tokens] = await json(await login(api, ann.email, ann.password));
    expect([loginStatus, typeof tokens.access]).toEqual([200, 'string']);
  });

  it('regenerates the recovery codes with a current code or the password: the old ones stop working at once', async () => {
    const staff = await signedIn(api, true);
    const { secret, recovery } = await enrol(api, staff.access);
    const regenerate = (body: unknown, token = staff.access) =>
      api.request('/cuviewTV/auth/totp/recovery-codes/', { method: 'POST', token, json: body });

    // Hostile input: neither proof, both, unknown fields, a recovery code in place of the app's code.
    for (const body of [{}, { code: '123456', password: staff.password }, { code: '1', role: 'x' }, null]) {
      const [status, answer] = await json(await regenerate(body));
      expect([status, typeof answer.message]).toEqual([400, 'string']);
    }
    const [asRecovery] = await json(await regenerate({ code: recovery[0] }));
    expect(asRecovery).toBe(400);
    const [wrongStatus, wrong] = await json(await regenerate({ password: 'not the password' }));
    expect([wrongStatus, wrong.code]).toEqual([400, 'password_wrong']);
    expect((await regenerate({ code: '000000' })).status).toBe(400);
    // Without an account, or for an account with it off.
    expect((await api.request('/cuviewTV/auth/totp/recovery-codes/', { method: 'POST', json: {} })).status).toBe(401);
    const viewer = await signedIn(api, false);
    expect((await regenerate({ password: viewer.password }, viewer.access)).status).toBe(404);

    const [byPassword, first] = await json(await regenerate({ password: staff.password }));
    expect(byPassword).toBe(200);
    const fresh = first.recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((c) => recovery.includes(c))).toEqual([]);

    // An old code no longer signs in; a new one does, once.
    const [, challenge] = await json(await login(api, staff.email, staff.password));
    expect((await otp(api, challenge.otp_token, recovery[1])).status).toBe(401);
    expect((await otp(api, challenge.otp_token, fresh[0])).status).toBe(200);

    // With the app's code: that step is spent, so the same code cannot regenerate twice.
    const code = await nextCode(secret);
    const [byCode, second] = await json(await regenerate({ code }));
    expect(byCode).toBe(200);
    expect((await regenerate({ code })).status).toBe(400);
    const [, status] = await json(await api.request('/cuviewTV/auth/totp/', { token: staff.access }));
    expect(status.recovery_codes_left).toBe(10);
    const [, again] = await json(await login(api, staff.email, staff.password));
    expect((await otp(api, again.otp_token, fresh[1])).status).toBe(401);
    expect((await otp(api, again.otp_token, (second.recovery_codes as string[])[0])).status).toBe(200);

    // Five regenerations at once: one set survives, ten codes, each from one answer.
    const answers = await Promise.all(Array.from({ length: 5 }, () => regenerate({ password: staff.password })));
    const sets = await Promise.all(answers.map(async (a) => (a.status === 200 ? ((await a.json()) as Json) : null)));
    const given = sets.flatMap((set) => (set ? [set.recovery_codes as string[]] : []));
    expect(given.length).toBeGreaterThan(0);
    const [stored] = await db.query(`SELECT count(*)::int AS n FROM totp_recovery_codes WHERE user_id = $1`, [
      staff.id,
    ]);
    expect(stored.n).toBe(10);
  });
});

describe('STAFF_TOTP_REQUIRED', () => {
  let api: AuthTestApi;
  beforeAll(async () => {
    api = await startAuthApi({ STAFF_TOTP_REQUIRED: 'true' });
  });
  afterAll(async () => api?.close());

  it('keeps staff out of the admin API until they turn it on, and keeps it on', async () => {
    const staff = await signedIn(api, true);
    const viewer = await signedIn(api, false);
    const [status, body] = await json(await api.request('/cuviewTV/get_videos_for_admin/1/', { token: staff.access }));
    expect([status, body.code]).toEqual([403, 'otp_setup_required']);
    const [, me] = await json(await api.request('/cuviewTV/auth/users/me/', { token: staff.access }));
    expect(me.totp_setup_required).toBe(true);
    // Viewers are not asked for it.
    const [, viewerMe] = await json(await api.request('/cuviewTV/auth/users/me/', { token: viewer.access }));
    expect(viewerMe.totp_setup_required).toBe(false);

    const { secret } = await enrol(api, staff.access);
    expect((await api.request('/cuviewTV/get_videos_for_admin/1/', { token: staff.access })).status).toBe(200);
    const off = await api.request('/cuviewTV/auth/totp/disable/', {
      method: 'POST',
      token: staff.access,
      json: { code: await nextCode(secret) },
    });
    expect(off.status).toBe(403);
  });
});
