// The account page: a viewer signs up, changes their details and password (a browser signed in
// before is signed out, this one stays in), then deletes the account and cannot sign in again.
import assert from 'node:assert/strict';
import {
  assertAccessible,
  BASE_URL,
  assertNoSidewaysOverflow,
  consoleErrorsOf,
  journey,
  mailedLink,
  PHONE,
  screenshot,
  sharedBrowser,
  signIn,
} from './browser.mjs';

const use = sharedBrowser();

/** Signs up and activates through the e-mailed link, as a person does; answers the credentials. */
async function signUp(page, password) {
  const email = `e2e.account.${Date.now().toString(36)}@example.com`;
  await page.goto('/register');
  await page.getByLabel('First name').fill('Rosa');
  await page.getByLabel('Last name').fill('Tester');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Phone').fill('+15551234567');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByRole('checkbox', { name: 'Send me promotional e-mails' }).check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByText('Check your email to activate account').waitFor();
  const activation = await mailedLink(email, 'activate');
  await page.goto(activation.pathname);
  await page.getByRole('button', { name: 'ACTIVATE' }).click();
  await page.waitForURL(/\/login$/);
  return { email, password };
}

journey(
  use,
  'a viewer changes their details and password on /account (other browsers sign out), then deletes the account',
  { timeout: 150_000 },
  async ({ page, context }) => {
    const errors = consoleErrorsOf(page);
    const person = await signUp(page, 'first-password-1');
    const newPassword = 'second-password-2';

    // Signed out, /account asks to sign in and comes back after.
    await page.goto('/account');
    await page.waitForURL(/\/login$/);
    await page.getByLabel('E-mail', { exact: true }).fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/account$/);
    await page.getByRole('heading', { name: 'Account', exact: true }).waitFor();

    // A second browser (its own storage: another device), signed in before the change.
    const device = await context.browser().newContext({ baseURL: BASE_URL, viewport: PHONE, bypassCSP: true });
    const other = await device.newPage();
    const otherErrors = consoleErrorsOf(other);
    const otherPageErrors = [];
    other.on('pageerror', (error) => otherPageErrors.push(error.message));
    await signIn(other, person);
    await other.goto('/account');
    await other.getByRole('heading', { name: 'Account', exact: true }).waitFor();
    await assertNoSidewaysOverflow(other, 'account-375');
    await screenshot(other, 'account-375');
    await other.getByRole('button', { name: 'Delete account…' }).click();
    await other.getByRole('dialog', { name: 'Delete your account?' }).waitFor();
    await assertNoSidewaysOverflow(other, 'account-delete-375');
    await screenshot(other, 'account-delete-375');
    await other.getByRole('button', { name: 'Cancel' }).click();

    // The account menu leads here.
    await page.goto('/');
    await page.getByRole('button', { name: 'Account menu for Rosa Tester' }).click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await page.waitForURL(/\/account$/);

    // Details: the e-mail is read-only; names, phone and promotional e-mails are saved.
    const email = page.getByLabel('E-mail', { exact: true });
    assert.equal(await email.inputValue(), person.email);
    assert.equal(await email.getAttribute('readonly'), '');
    await page.getByLabel('Phone').fill('12345');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please, enter valid mobile number with country code').waitFor();
    await page.getByLabel('First name').fill('Rosalind');
    await page.getByLabel('Last name').fill('Franklin');
    await page.getByLabel('Phone').fill('+44 20 7946 0958');
    await page.getByRole('checkbox', { name: 'Send me promotional e-mails' }).uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your details are saved.').waitFor();
    await page.getByRole('button', { name: 'Account menu for Rosalind Franklin' }).waitFor();
    await assertAccessible(page, 'account');
    await screenshot(page, 'account-1280');

    await page.reload();
    await page.getByRole('heading', { name: 'Account', exact: true }).waitFor();
    assert.equal(await page.getByLabel('First name').inputValue(), 'Rosalind');
    assert.equal(await page.getByLabel('Last name').inputValue(), 'Franklin');
    assert.equal(await page.getByLabel('Phone').inputValue(), '+442079460958');
    assert.equal(await page.getByRole('checkbox', { name: 'Send me promotional e-mails' }).isChecked(), false);

    // Tokens carry whole seconds: the other browser's must be from an earlier one than the change.
    await new Promise((resolve) => setTimeout(resolve, 1100));

    // Change password: a wrong current one is refused by its field.
    await page.getByLabel('Current password', { exact: true }).fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Invalid password.').waitFor();
    await page.getByLabel('Current password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed. Other devices are signed out.').waitFor();
    await screenshot(page, 'account-password-changed-1280');

    // This browser stays signed in, after a reload too ...
    await page.reload();
    await page.getByRole('heading', { name: 'Account', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Account menu for Rosalind Franklin' }).waitFor();
    // ... the other is signed out: its next look at the page sends it to sign in.
    await other.reload();
    await other.waitForURL(/\/login$/);
    await other.getByRole('heading', { name: 'Sign In' }).waitFor();
    // The old password is refused there, the new one signs in.
    await other.getByLabel('E-mail', { exact: true }).fill(person.email);
    await other.getByLabel('Password', { exact: true }).fill(person.password);
    await other.getByRole('button', { name: 'Sign In' }).click();
    await other.getByRole('alert').getByText('No active account found with the given credentials').waitFor();
    await other.getByLabel('Password', { exact: true }).fill(newPassword);
    await other.getByRole('button', { name: 'Sign In' }).click();
    await other.waitForURL(/\/account$/);
    await other.getByRole('heading', { name: 'Account', exact: true }).waitFor();
    await device.close();

    // Delete: the dialog asks for the password.
    await page.getByRole('button', { name: 'Delete account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password', { exact: true }).fill(newPassword);
    await screenshot(page, 'account-delete-1280');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Your account has been deleted. We are sorry to see you go.').waitFor();
    await screenshot(page, 'account-deleted-1280');
    await page.getByRole('link', { name: 'Login' }).waitFor();

    // Signing in again fails.
    await page.goto('/login');
    await page.getByLabel('E-mail', { exact: true }).fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').getByText('No active account found with the given credentials').waitFor();

    // The refusals this journey asks for, which Chromium logs as failed loads, and nothing else.
    const expected = [
      /status of 400 .*\/auth\/users\/set_password\//, // the wrong current password
      /status of 401 .*\/auth\/jwt\/(verify|refresh|create)\//, // the signed-out browser; wrong or deleted sign-ins
    ];
    const unexpected = [...errors, ...otherErrors].filter((e) => !expected.some((pattern) => pattern.test(e)));
    assert.deepEqual(unexpected, [], 'no console errors in either browser but the refusals asked for');
    assert.deepEqual(otherPageErrors, [], 'no page errors in the other browser');
  },
);
