// Hostile: many requests at once against every limit (login, reset, resend, register), from
// addresses of their own (127.0.x.y: all loopback), and the lockout policy seen from the
// innocent side. Runs last: it spends limits on purpose.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { API, assertSafe, newViewer, parallel, request, STAFF, uniqueEmail } from './hostile.mjs';

/** Failed logins per (account, address) the product checks before refusing (README). */
const LIMIT = Number(process.env.LOGIN_MAX_ATTEMPTS ?? 5);
const CREATE = `${API}/auth/jwt/create/`;

function tally(answers) {
  const counts = {};
  for (const res of answers) {
    assertSafe(res);
    counts[res.status] = (counts[res.status] ?? 0) + 1;
  }
  return counts;
}

describe('login under concurrency', () => {
  test(`50 parallel wrong passwords: at most ${LIMIT} are checked`, async () => {
    const victim = await newViewer('limit1');
    const answers = await parallel(50, () =>
      request('POST', CREATE, { body: { email: victim.email, password: 'wrong-guess' }, from: '127.0.6.1' }),
    );
    const counts = tally(answers);
    assert.ok(
      Object.keys(counts).every((s) => ['401', '429'].includes(s)),
      JSON.stringify(counts),
    );
    assert.ok(
      (counts[401] ?? 0) <= LIMIT,
      `passwords checked: ${counts[401]} (limit ${LIMIT}): ${JSON.stringify(counts)}`,
    );
  });

  test('the right password among 40 parallel guesses does not get more than the limit through', async () => {
    const victim = await newViewer('limit2');
    const answers = await parallel(40, (i) =>
      request('POST', CREATE, {
        body: { email: victim.email, password: i === 39 ? victim.password : `guess-${i}` },
        from: '127.0.6.2',
      }),
    );
    const counts = tally(answers);
    const checked = answers.filter((r) => r.status !== 429).length;
    assert.ok(
      checked <= LIMIT,
      `passwords checked: ${checked} (limit ${LIMIT}), right one answered ${answers[39].status}: ${JSON.stringify(counts)}`,
    );
  });

  test('forwarded-for headers do not give an attacker fresh budgets', async () => {
    const victim = await newViewer('limit3');
    const answers = await parallel(30, (i) =>
      request('POST', CREATE, {
        body: { email: victim.email, password: 'wrong-guess' },
        headers: { 'x-forwarded-for': `203.0.113.${i}`, 'x-real-ip': `198.51.100.${i}` },
        from: '127.0.6.3',
      }),
    );
    const counts = tally(answers);
    assert.ok((counts[401] ?? 0) <= LIMIT, JSON.stringify(counts));
  });
});

describe('the lockout does not lock out the innocent', () => {
  test("an attacker's failures do not stop the owner signing in from their own address", async () => {
    const owner = await newViewer('owner');
    for (let i = 0; i < LIMIT + 3; i++) {
      await request('POST', CREATE, { body: { email: owner.email, password: `guess-${i}` }, from: '127.0.6.10' });
    }
    const res = await request('POST', CREATE, {
      body: { email: owner.email, password: owner.password },
      from: '127.0.6.11',
    });
    assertSafe(res);
    assert.equal(res.status, 200, `the owner was locked out: ${res.status} ${res.text}`);
  });

  test('anyone can try to lock a staff account: staff still sign in from their address', async () => {
    for (let i = 0; i < LIMIT + 3; i++) {
      await request('POST', CREATE, { body: { email: STAFF.email, password: `guess-${i}` }, from: '127.0.6.12' });
    }
    const res = await request('POST', CREATE, { body: STAFF, from: '127.0.6.13' });
    assertSafe(res);
    assert.equal(res.status, 200, `staff locked out: ${res.status} ${res.text}`);
  });

  test('one person failing behind a shared address does not block a colleague at the same address', async () => {
    const careless = await newViewer('careless');
    const colleague = await newViewer('colleague');
    for (let i = 0; i < LIMIT + 1; i++) {
      await request('POST', CREATE, { body: { email: careless.email, password: `typo-${i}` }, from: '127.0.6.14' });
    }
    const res = await request('POST', CREATE, {
      body: { email: colleague.email, password: colleague.password },
      from: '127.0.6.14',
    });
    assertSafe(res);
    assert.equal(res.status, 200, `the colleague was refused: ${res.status} ${res.text}`);
  });
});

describe('reset, resend and register under concurrency', () => {
  const limited = (counts, ok) => {
    assert.ok(
      Object.keys(counts).every((s) => [String(ok), '429'].includes(s)),
      JSON.stringify(counts),
    );
    assert.ok((counts[429] ?? 0) > 0, `50 at once and none refused: ${JSON.stringify(counts)}`);
  };
  test('50 parallel password resets for one e-mail', async () => {
    const email = uniqueEmail('reset');
    limited(
      tally(
        await parallel(50, () =>
          request('POST', `${API}/auth/users/reset_password/`, { body: { email }, from: '127.0.6.20' }),
        ),
      ),
      204,
    );
  });
  test('50 parallel password resets for 50 e-mails from one address', async () => {
    limited(
      tally(
        await parallel(50, () =>
          request('POST', `${API}/auth/users/reset_password/`, {
            body: { email: uniqueEmail('reset') },
            from: '127.0.6.21',
          }),
        ),
      ),
      204,
    );
  });
  test('50 parallel activation resends', async () => {
    const email = uniqueEmail('resend');
    limited(
      tally(
        await parallel(50, () =>
          request('POST', `${API}/auth/users/resend_activation/`, { body: { email }, from: '127.0.6.22' }),
        ),
      ),
      204,
    );
  });
  test('50 parallel registrations from one address (each answer tells whether an e-mail has an account)', async () => {
    const answers = await parallel(50, () =>
      request('POST', `${API}/auth/users/`, {
        body: {
          first_name: 'Bulk',
          last_name: 'Signup',
          email: uniqueEmail('bulk'),
          mobile_number: '+15551234567',
          password: 'a-long-password',
          re_password: 'a-long-password',
        },
        from: '127.0.6.23',
      }),
    );
    limited(tally(answers), 201);
  });
});
