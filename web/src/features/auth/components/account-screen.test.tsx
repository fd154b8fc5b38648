import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import AccountRoute from '@/app/routes/account';
import { fakeJwt, mockFetch, type Answer, type Handler } from '@/testing/fetch-mock';
import { landedAt, renderRoute } from '@/testing/render';

const ADA = {
  id: 7,
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  mobile_number: '+441234567890',
  gives_permission: true,
  is_staff: false,
  totp_enabled: false,
  totp_setup_required: false,
};

/** Signed in as `user`, with `handlers` for the calls of the test. */
function signedInAs(user: object, handlers: Record<string, Handler | Answer> = {}) {
  localStorage.setItem('access', fakeJwt());
  localStorage.setItem('refresh', fakeJwt(86_400));
  return mockFetch({
    'POST /cuviewTV/auth/jwt/verify/': { json: {} },
    'GET /cuviewTV/auth/users/me/': { json: user },
    ...handlers,
  });
}

const openAccount = () =>
  renderRoute(<AccountRoute />, { route: '/account', path: '/account', extra: [landedAt('/'), landedAt('/login')] });
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });

describe('/account', { timeout: 60_000 }, () => {
  it('sends a visitor to sign in and comes back here after', async () => {
    mockFetch({});
    openAccount();
    expect(await screen.findByTestId('landed')).toHaveTextContent('/login');
    expect(localStorage.getItem('path')).toBe('/account');
  });

  it("shows the person's details with the e-mail read-only, saves changes and says so", async () => {
    const { calls } = signedInAs(ADA, {
      'PATCH /cuviewTV/auth/users/me/': ({ body }) => ({ json: { ...ADA, ...(body as object) } }),
    });
    openAccount();
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('heading', { name: 'Account' })).toBeInTheDocument();
    expect(field('E-mail')).toHaveValue('ada@example.com');
    expect(field('E-mail')).toHaveAttribute('readonly');
    expect(field('First name')).toHaveValue('Ada');
    expect(field('Phone')).toHaveValue('+441234567890');
    const promo = screen.getByLabelText('Send me promotional e-mails');
    expect(promo).toBeChecked();

    await user.clear(field('Last name'));
    await user.type(field('Last name'), 'Byron');
    await user.clear(field('Phone'));
    await user.type(field('Phone'), '+44 20 7946 0958');
    await user.click(promo);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Your details are saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      first_name: 'Ada',
      last_name: 'Byron',
      mobile_number: '+442079460958',
      gives_permission: false,
    });
    expect(field('Phone')).toHaveValue('+442079460958');
  });

  it("checks names and phone with registration's messages before sending, and shows the api's field errors", async () => {
    const { calls } = signedInAs(ADA, {
      'PATCH /cuviewTV/auth/users/me/': {
        status: 400,
        json: { mobile_number: ['Please, enter valid mobile number with country code'], message: 'x' },
      },
    });
    openAccount();
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { name: 'Account' });
    await user.clear(field('First name'));
    await user.type(field('First name'), 'A');
    await user.clear(field('Phone'));
    await user.type(field('Phone'), '12345');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(field('First name')).toHaveAccessibleDescription('Please, fill required fields');
    expect(field('Phone')).toHaveAccessibleDescription('Please, enter valid mobile number with country code');
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);

    await user.type(field('First name'), 'da');
    await user.clear(field('Phone'));
    await user.type(field('Phone'), '+4412345678');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(field('Phone')).toHaveAccessibleDescription('Please, enter valid mobile number with country code'),
    );
    expect(field('First name')).not.toHaveAccessibleDescription();
    expect(screen.queryByText('Your details are saved.')).not.toBeInTheDocument();
  });

  it('changes the password, signs this tab in again with the new one and says other devices are signed out', async () => {
    const { calls } = signedInAs(ADA, {
      'POST /cuviewTV/auth/users/set_password/': { status: 204 },
      'POST /cuviewTV/auth/jwt/create/': { json: { access: 'new-access', refresh: 'new-refresh' } },
    });
    openAccount();
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { name: 'Account' });
    await user.type(field('Current password'), 'old password');
    await user.type(field('New password'), 'a new password');
    await user.type(field('Confirm new password'), 'a new password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Password changed. Other devices are signed out.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/cuviewTV/auth/users/set_password/')!.body).toEqual({
      current_password: 'old password',
      new_password: 'a new password',
      re_new_password: 'a new password',
    });
    expect(calls.find((c) => c.path === '/cuviewTV/auth/jwt/create/')!.body).toEqual({
      email: 'ada@example.com',
      password: 'a new password',
    });
    expect(localStorage.getItem('access')).toBe('new-access');
    expect(localStorage.getItem('refresh')).toBe('new-refresh');
    expect(field('Current password')).toHaveValue('');
  });

  it('says which password field is wrong: short, not matching, or the current one', async () => {
    const { calls } = signedInAs(ADA, {
      'POST /cuviewTV/auth/users/set_password/': {
        status: 400,
        json: { current_password: ['Invalid password.'], message: 'Invalid password.' },
      },
    });
    openAccount();
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { name: 'Account' });
    const submit = () => user.click(screen.getByRole('button', { name: 'Change password' }));
    await user.type(field('Current password'), 'old password');
    await user.type(field('New password'), 'short');
    await submit();
    expect(field('New password')).toHaveAccessibleDescription('Please provide password at least 8 symbols');
    await user.type(field('New password'), ' enough');
    await user.type(field('Confirm new password'), 'something else');
    await submit();
    expect(field('Confirm new password')).toHaveAccessibleDescription('Passwords do not match');
    expect(calls.filter((c) => c.path.endsWith('set_password/'))).toHaveLength(0);

    await user.clear(field('Confirm new password'));
    await user.type(field('Confirm new password'), 'short enough');
    await submit();
    await waitFor(() => expect(field('Current password')).toHaveAccessibleDescription('Invalid password.'));
    expect(localStorage.getItem('access')).not.toBeNull();
  });

  it("shows the server's refusal of the new password under that field, and stays signed in", async () => {
    signedInAs(ADA, {
      'POST /cuviewTV/auth/users/set_password/': ({ body }) => ({
        status: 400,
        json:
          (body as { new_password: string }).new_password === 'old password'
            ? { new_password: ['The new password must be different from the current password.'] }
            : {
                new_password: ['The password is too similar to the first name.', 'This password is too common.'],
                message: 'The password is too similar to the first name.',
              },
      }),
    });
    openAccount();
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { name: 'Account' });
    const submit = () => user.click(screen.getByRole('button', { name: 'Change password' }));
    await user.type(field('Current password'), 'old password');
    await user.type(field('New password'), 'ada12345');
    await user.type(field('Confirm new password'), 'ada12345');
    await submit();
    await waitFor(() =>
      expect(field('New password')).toHaveAccessibleDescription(
        'The password is too similar to the first name. This password is too common.',
      ),
    );
    expect(field('Current password')).not.toHaveAccessibleDescription();

    await user.clear(field('New password'));
    await user.type(field('New password'), 'old password');
    await user.clear(field('Confirm new password'));
    await user.type(field('Confirm new password'), 'old password');
    await submit();
    await waitFor(() =>
      expect(field('New password')).toHaveAccessibleDescription(
        'The new password must be different from the current password.',
      ),
    );
    expect(screen.queryByText('Password changed. Other devices are signed out.')).not.toBeInTheDocument();
    expect(localStorage.getItem('access')).not.toBeNull();
  });

  it('deletes the account behind a dialog asking for the password, then signs out on the main page', async () => {
    const { calls } = signedInAs(ADA, {
      'DELETE /cuviewTV/auth/users/me/': ({ body }) =>
        (body as { current_password: string }).current_password === 'right one'
          ? { status: 204 }
          : { status: 400, json: { current_password: ['Invalid password.'], message: 'Invalid password.' } },
    });
    openAccount();
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { name: 'Account' });
    await user.click(screen.getByRole('button', { name: 'Delete account…' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByLabelText('Password', { selector: 'input' })).toHaveAccessibleDescription(
      'Please, enter your current password',
    );
    await user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), 'wrong one');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Password', { selector: 'input' })).toHaveAccessibleDescription(
        'Invalid password.',
      ),
    );
    await user.clear(within(dialog).getByLabelText('Password', { selector: 'input' }));
    await user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), 'right one');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByTestId('landed')).toHaveTextContent('/');
    expect(await screen.findByText('Your account has been deleted. We are sorry to see you go.')).toBeInTheDocument();
    expect(localStorage.getItem('access')).toBeNull();
    expect(localStorage.getItem('refresh')).toBeNull();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(2);
  });

  it('Cancel closes the dialog and deletes nothing', async () => {
    const { calls } = signedInAs(ADA);
    openAccount();
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { name: 'Account' });
    await user.click(screen.getByRole('button', { name: 'Delete account…' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
  });

  it('offers staff no delete button, and the guest no form', async () => {
    signedInAs({ ...ADA, is_staff: true });
    const first = openAccount();
    await screen.findByRole('heading', { name: 'Account' });
    expect(screen.getByText(/Staff accounts cannot be deleted here/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete account…' })).not.toBeInTheDocument();
    first.unmount();

    signedInAs({ ...ADA, first_name: '', last_name: '', email: 'guest@guest' });
    openAccount();
    expect(await screen.findByText(/You are watching as a guest/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
