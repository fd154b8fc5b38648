// Issue 8, the account: a viewer registers, opens the activation link from the e-mail, signs in,
// asks for a password reset and sets a new password through the e-mailed link.
import assert from 'node:assert/strict';
import {
  assertAccessible,
  consoleErrorsOf,
  journey,
  mailedLink,
  PHONE,
  screenshot,
  sharedBrowser,
  signIn,
  signOut,
  VIEWER,
} from './browser.mjs';

const use = sharedBrowser();

async function fillSignIn(page, email, password) {
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

journey(
  use,
  'a viewer registers, activates the account from the e-mail, signs in and resets the password',
  { timeout: 120_000 },
  async ({ page }) => {
    const email = `e2e.${Date.now().toString(36)}@example.com`;
    const password = 'first-password-1';
    const newPassword = 'second-password-2';

    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign Up' }).click();
    await page.waitForURL(/\/register$/);
    await page.getByLabel('First name').fill('Erin');
    await page.getByLabel('Last name').fill('Tester');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Phone').fill('+15551234567');
    await page.getByLabel('Password', { exact: true }).fill(password);
    // The rules are checked before anything is sent.
    await page.getByLabel('Confirm password', { exact: true }).fill('something-else');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('alert').getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm password', { exact: true }).fill(password);
    await page.getByRole('checkbox', { name: 'Send me promotional e-mails' }).check();
    await screenshot(page, 'register-1280');
    await assertAccessible(page, 'register');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Check your email to activate account').waitFor();

    // Not active yet: signing in is refused.
    await page.goto('/login');
    await fillSignIn(page, email, password);
    await page.getByRole('alert').getByText('No active account found with the given credentials').waitFor();

    // The activation link of the e-mail.
    const activation = await mailedLink(email, 'activate');
    await page.goto(activation.pathname);
    await page.getByRole('heading', { name: 'Activate Account' }).waitFor();
    await screenshot(page, 'activate-1280');
    await page.getByRole('button', { name: 'ACTIVATE' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();

    await fillSignIn(page, email, password);
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.getByRole('button', { name: 'Account menu for Erin Tester' }).click();
    // Not staff: no admin entry.
    assert.equal(await page.getByRole('menuitem', { name: 'Admin Page' }).count(), 0);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('link', { name: 'Login' }).waitFor();

    // Forgotten password: the reset link of the e-mail sets a new one.
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Your Password?' }).click();
    await page.waitForURL(/\/reset_password$/);
    // The address changes first; until the reset screen has rendered, the sign-in form (with
    // its own E-mail field) is still on screen.
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Please, check your email').waitFor();
    await screenshot(page, 'reset-password-1280');
    const reset = await mailedLink(email, 'password-reset');
    await page.goto(reset.pathname);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password has changed successfully').waitFor();
    await screenshot(page, 'reset-password-done-1280');
    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();

    // The old password no longer works; the new one does.
    await fillSignIn(page, email, password);
    await page.getByRole('alert').getByText('No active account found with the given credentials').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.getByRole('button', { name: 'Account menu for Erin Tester' }).waitFor();
  },
);

journey(use, 'the sign-in screens fit a phone', { viewport: PHONE }, async ({ page }) => {
  for (const [name, path, heading] of [
    ['login', '/login', 'Sign In'],
    ['register', '/register', 'Sign Up'],
  ]) {
    await page.goto(path);
    await page.getByRole('heading', { name: heading }).waitFor();
    const form = await page.locator('form').boundingBox();
    assert.ok(form.x >= 0 && form.x + form.width <= PHONE.width, `${name}: the form fits the screen`);
    await screenshot(page, `${name}-375`);
  }
});

/**
 * The viewer signed in on `page` and a second tab of the same browser on a playlist's player,
 * its account menu shown; console errors of both are collected.
 */
async function signedInTwoTabs(page, context) {
  const errors = consoleErrorsOf(page);
  await signIn(page, VIEWER);
  const other = await context.newPage();
  const otherErrors = consoleErrorsOf(other);
  await other.goto('/home?g=4&p=54');
  await other.getByRole('button', { name: /^Account menu for / }).waitFor();
  return { other, errors: () => [...errors, ...otherErrors] };
}

journey(
  use,
  'signing out in one tab signs the other tab out at once; signing in again there shows the account again',
  { timeout: 60_000 },
  async ({ page, context }) => {
    const { other, errors } = await signedInTwoTabs(page, context);

    await signOut(page);
    // The other tab, untouched: its private page gives way to the sign-in form by itself,
    // remembering nothing of it: the next person here would land in this one's playlist.
    await other.waitForURL(/\/login$/, { timeout: 5_000 });
    await other.getByRole('heading', { name: 'Sign In' }).waitFor();
    const remembered = await other.evaluate(() =>
      ['path', 'playlist_id', 'group_id', 'video_id'].map((key) => localStorage.getItem(key)),
    );
    assert.deepEqual(remembered, [null, null, null, null], 'the place of the person who signed out is forgotten');

    // Signed in again in the first tab: the other leaves the sign-in form for the home page by
    // itself (not for the player, which would play the same video in both tabs at once).
    await signIn(page, VIEWER);
    await other.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    await other.getByRole('button', { name: /^Account menu for / }).waitFor();
    assert.deepEqual(errors(), [], 'no console errors in either tab');
  },
);

journey(
  use,
  'two tabs whose access has run out renew at the same moment and both stay signed in, round after round',
  { timeout: 90_000 },
  async ({ page, context }) => {
    const { other, errors } = await signedInTwoTabs(page, context);
    const menus = [page, other].map((tab) => tab.getByRole('button', { name: /^Account menu for / }));

    for (let round = 0; round < 3; round += 1) {
      // The stored access token as it is after a night: its expiry passed (the client reads
      // the expiry; the server is never shown this copy).
      await page.evaluate(() => {
        const [head, body] = localStorage.getItem('access').split('.');
        const claims = JSON.parse(atob(body.replace(/-/g, '+').replace(/_/g, '/')));
        const expired = btoa(JSON.stringify({ ...claims, exp: claims.exp - 3600 }))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
        localStorage.setItem('access', `${head}.${expired}.signature`);
      });
      const before = await page.evaluate(() => localStorage.getItem('refresh'));
      // Both tabs come back at once, each renewing with the same stored refresh token.
      await Promise.all([page.reload(), other.reload()]);
      for (const menu of menus) await menu.waitFor({ timeout: 15_000 });
      assert.notEqual(await page.evaluate(() => localStorage.getItem('refresh')), before, `round ${round}: renewed`);
    }
    // Whichever pair the browser kept goes on working: a page that needs the session opens.
    await other.goto('/account');
    await other.getByRole('heading', { name: 'Account', exact: true }).waitFor();
    await page.reload();
    await menus[0].waitFor();
    assert.deepEqual(errors(), [], 'no console errors in either tab');
  },
);
