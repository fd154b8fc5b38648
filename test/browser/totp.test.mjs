// Issue 15, two-factor sign-in for staff: a staff member turns it on from the admin's Security
// screen (QR code, first code, recovery codes), then signs in again: the password, then the
// code of the authenticator app (computed here with otplib from the key the screen showed);
// then makes new recovery codes with the password: an old one is refused, a new one signs in.
import assert from 'node:assert/strict';
import { generate } from 'otplib';
import pg from 'pg';
import { BASE_URL, consoleErrorsOf, journey, mailedLink, screenshot, sharedBrowser } from './browser.mjs';

const use = sharedBrowser();

/** A new active staff account: registered and activated over HTTP, made staff in the database. */
async function newStaff() {
  const email = `e2e.totp.${Date.now().toString(36)}@example.com`;
  // Not made of the names below ("Otp" is in "totp"): the api refuses a password like its owner's name.
  const password = 'journey-password-2fa';
  const api = (path, json) =>
    fetch(new URL(path, BASE_URL), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(json),
    });
  const registered = await api('/cuviewTV/auth/users/', {
    first_name: 'Tia',
    last_name: 'Otp',
    email,
    password,
    re_password: password,
    mobile_number: '+15551234567',
  });
  assert.equal(registered.status, 201);
  const [uid, token] = (await mailedLink(email, 'activate')).pathname.split('/').slice(2);
  assert.equal((await api('/cuviewTV/auth/users/activation/', { uid, token })).status, 204);
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  await db.query('UPDATE users SET is_staff = true WHERE email = $1', [email]);
  await db.end();
  return { email, password };
}

async function passwordStep(page, { email, password }) {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

journey(
  use,
  'staff turn on two-factor sign-in with a QR code, then sign in with password and code',
  { timeout: 120_000 },
  async ({ page, context }) => {
    const consoleErrors = consoleErrorsOf(page);
    const staff = await newStaff();
    await passwordStep(page, staff);
    await page.waitForURL((url) => url.pathname !== '/login');

    await page.goto('/adminSecurity');
    await page.getByRole('heading', { name: 'TWO-FACTOR SIGN-IN' }).waitFor();
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await page.locator('.totp__qr svg').waitFor();
    const secret = (await page.locator('.totp__secret').textContent())?.trim();
    assert.match(secret ?? '', /^[A-Z2-7]{32}$/);
    await screenshot(page, 'admin-two-factor-setup-1280');

    // A wrong code is refused; the app's code turns it on and shows ten recovery codes.
    await page.getByLabel('Enter the 6-digit code it shows').fill('000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page
      .getByRole('alert')
      .getByText(/not right/)
      .waitFor();
    await page.getByLabel('Enter the 6-digit code it shows').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    assert.equal(await codes.count(), 10);
    const first = (await codes.allTextContents()).map((c) => c.trim());
    // They stay until kept, even once the status has been read again as "on".
    await page.waitForTimeout(1500);
    assert.equal(await codes.count(), 10, 'the recovery codes stay on screen');
    await page.getByRole('button', { name: 'I have kept them' }).click();
    await page.getByText('10 recovery codes left.').waitFor();

    // Signed out, then in again: after the password, the code.
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await passwordStep(page, staff);
    await page.getByRole('heading', { name: 'Two-Factor Sign In' }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('access')), null, 'no tokens before the code');
    await page.getByLabel('Authentication code').fill('111111');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page
      .getByRole('alert')
      .getByText(/not right/)
      .waitFor();
    // The next 30 s step's code: accepted (clock drift) and newer than the one that turned it on.
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    await page.getByLabel('Authentication code').fill(code);
    await screenshot(page, 'two-factor-sign-in-1280');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto('/adminSecurity');
    await page.getByText(/Two-factor sign-in is on\./).waitFor();
    await page.getByText(/10 recovery codes left/).waitFor();

    // New recovery codes with the password: shown once until kept; the old ones stop working.
    // The wrong codes above were answered 401, which Chromium logs as console errors: from here on, none.
    consoleErrors.length = 0;
    const form = page.getByRole('form', { name: 'New recovery codes' });
    await form.getByRole('radio', { name: 'my password' }).check();
    await form.getByLabel('Password', { exact: true }).fill(staff.password);
    await screenshot(page, 'admin-security-regenerate-1280');
    await form.getByRole('button', { name: 'Make new recovery codes' }).click();
    await codes.first().waitFor();
    const fresh = (await codes.allTextContents()).map((c) => c.trim());
    assert.equal(fresh.length, 10);
    assert.deepEqual(
      fresh.filter((c) => first.includes(c)),
      [],
      'ten codes never shown before',
    );
    await page.getByRole('button', { name: 'I have kept them' }).click();
    await page.getByText('10 recovery codes left.').waitFor();

    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await passwordStep(page, staff);
    assert.deepEqual(consoleErrors, [], 'no console error while making new codes');
    await page.getByLabel('Authentication code').fill(first[0]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page
      .getByRole('alert')
      .getByText(/not right/)
      .waitFor();
    // The refused old code is the one 401 (Chromium logs it); nothing else.
    assert.equal(consoleErrors.length, 1, consoleErrors.join('\n'));
    assert.match(consoleErrors[0] ?? '', /status of 401/);
    consoleErrors.length = 0;
    await page.getByLabel('Authentication code').fill(fresh[0]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    assert.deepEqual(consoleErrors, [], 'no console error');
  },
);
