import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeJwt, mockFetch } from '@/testing/fetch-mock';
import { renderRoute } from '@/testing/render';
import { userQueryKey } from '@/lib/auth';
import { ActivateScreen } from './ActivateScreen';
import { LoginScreen } from './LoginScreen';
import { RegisterScreen } from './RegisterScreen';
import { ResetPasswordConfirmScreen } from './ResetPasswordConfirmScreen';
import { ResetPasswordScreen } from './ResetPasswordScreen';

describe('/register', () => {
  async function fill(values: Partial<Record<string, string>>, user = userEvent.setup({ delay: null })) {
    const fields: Record<string, string> = {
      'First name': 'Jane',
      'Last name': 'Doe',
      'E-mail': 'jane@example.com',
      Phone: '+15551234567',
      Password: 'tulip-river-42',
      'Confirm password': 'tulip-river-42',
      ...values,
    };
    for (const [label, value] of Object.entries(fields)) {
      const input = screen.getByLabelText(label, { selector: 'input' });
      await user.clear(input);
      if (value) await user.type(input, value);
    }
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    return user;
  }

  it('shows the five checks one at a time in the spec order and sends nothing', async () => {
    const { calls } = mockFetch({});
    renderRoute(<RegisterScreen />, { route: '/register', path: '/register' });
    const user = await fill({
      'First name': 'J',
      Password: 'short',
      'E-mail': 'bad',
      Phone: '123',
      'Confirm password': 'other',
    });
    const alert = () => screen.getByRole('alert');
    expect(alert()).toHaveTextContent('Please, fill required fields');

    // Mend one field at a time: the next check in the order speaks up.
    const mend = async (label: string, value: string) => {
      const input = screen.getByLabelText(label, { selector: 'input' });
      await user.clear(input);
      await user.type(input, value);
      await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    };
    await mend('First name', 'Jo');
    expect(alert()).toHaveTextContent('Please provide password at least 8 symbols');
    await mend('Password', 'secret123');
    expect(alert()).toHaveTextContent('Please, Enter Valid Email');
    await mend('E-mail', 'jo@example.com');
    expect(alert()).toHaveTextContent('Please, enter valid mobile number with country code');
    await mend('Phone', '+4915112345678');
    expect(alert()).toHaveTextContent('Passwords do not match');

    expect(calls).toHaveLength(0);
  });

  it('says every field is needed, the phone included', () => {
    mockFetch({});
    renderRoute(<RegisterScreen />, { route: '/register', path: '/register' });
    expect(screen.getByText(/Every field is needed, the phone number with its country code/)).toBeVisible();
    for (const label of ['First name', 'Last name', 'E-mail', 'Phone', 'Password', 'Confirm password']) {
      expect(screen.getByLabelText(label, { selector: 'input' })).toBeRequired();
    }
    expect(screen.getByRole('checkbox', { name: 'Send me promotional e-mails' })).not.toBeRequired();
  });

  it('registers and then shows only the e-mail notice', async () => {
    const { calls } = mockFetch({ 'POST /cuviewTV/auth/users/': { status: 201, json: { id: 7 } } });
    renderRoute(<RegisterScreen />, { route: '/register', path: '/register' });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByLabelText('Send me promotional e-mails'));
    await fill({}, user);

    expect(await screen.findByText('Check your email to activate account')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign Up' })).not.toBeInTheDocument();
    expect(calls[0]!.body).toEqual({
      first_name: 'Jane',
      last_name: 'Doe',
      email: 'jane@example.com',
      mobile_number: '+15551234567',
      password: 'tulip-river-42',
      re_password: 'tulip-river-42',
      gives_permission: true,
    });
  });

  it('sends a phone number written with spaces and brackets as + and digits', async () => {
    const { calls } = mockFetch({ 'POST /cuviewTV/auth/users/': { status: 201, json: { id: 8 } } });
    renderRoute(<RegisterScreen />, { route: '/register', path: '/register' });
    await fill({ Phone: '+1 (555) 123-4567' });
    expect(await screen.findByText('Check your email to activate account')).toBeInTheDocument();
    expect(calls[0]!.body).toMatchObject({ mobile_number: '+15551234567' });
  });

  it("shows the server's e-mail error first", async () => {
    mockFetch({
      'POST /cuviewTV/auth/users/': {
        status: 400,
        json: { password: ['This password is too common.'], email: ['user with this email already exists.'] },
      },
    });
    renderRoute(<RegisterScreen />, { route: '/register', path: '/register' });
    await fill({});
    expect(await screen.findByRole('alert')).toHaveTextContent('user with this email already exists.');
    // The way on: signing in, or resetting a lost password.
    expect(screen.getByRole('link', { name: 'Sign in with this e-mail' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Forgot Your Password?' })).toHaveAttribute('href', '/reset_password');
  });

  it('shows every problem the server found with the password, and keeps the form', async () => {
    mockFetch({
      'POST /cuviewTV/auth/users/': {
        status: 400,
        json: {
          password: ['This password is too common.', 'This password is entirely numeric.'],
          message: 'This password is too common.',
        },
      },
    });
    renderRoute(<RegisterScreen />, { route: '/register', path: '/register' });
    await fill({ Password: '12345678', 'Confirm password': '12345678' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password is too common. This password is entirely numeric.',
    );
    expect(screen.queryByText('Check your email to activate account')).not.toBeInTheDocument();
    expect(screen.getByLabelText('E-mail', { selector: 'input' })).toHaveValue('jane@example.com');
  });

  it('shows and hides both passwords', async () => {
    renderRoute(<RegisterScreen />, { route: '/register', path: '/register' });
    const user = userEvent.setup({ delay: null });
    const password = screen.getByLabelText('Password', { selector: 'input' });
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show confirm password' })).toBeInTheDocument();
  });
});

describe('/login', () => {
  const me = { id: 5, first_name: 'Jane', last_name: 'Doe', is_staff: false };

  async function signIn(email: string, password = 'secret123') {
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('E-mail'), email);
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), password);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
  }

  it('refuses a malformed e-mail without calling the server', async () => {
    const { calls } = mockFetch({});
    renderRoute(<LoginScreen />, { route: '/login', path: '/login' });
    await signIn('jane.example.com');
    expect(screen.getByRole('alert')).toHaveTextContent('Please, Enter Valid Email');
    expect(calls).toHaveLength(0);
  });

  it("shows the server's detail on a failed sign-in", async () => {
    mockFetch({
      'POST /cuviewTV/auth/jwt/create/': {
        status: 401,
        json: { detail: 'No active account found with the given credentials' },
      },
    });
    renderRoute(<LoginScreen />, { route: '/login', path: '/login' });
    await signIn('jane@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('No active account found with the given credentials');
    expect(localStorage.getItem('access')).toBeNull();
    // An account not activated yet is refused alike (nothing tells accounts apart): a hint says what to do.
    expect(screen.getByText(/Just signed up\? Open the link in the e-mail we sent you first/)).toBeVisible();
  });

  it('stores the tokens, loads the user and goes to the default player page', async () => {
    const access = fakeJwt();
    const { calls } = mockFetch({
      'POST /cuviewTV/auth/jwt/create/': { json: { access, refresh: 'r1' } },
      'GET /cuviewTV/auth/users/me/': { json: me },
    });
    renderRoute(<LoginScreen />, { route: '/login', path: '/login' });
    await signIn('jane@example.com');
    expect(await screen.findByTestId('location')).toHaveTextContent('/home?p=33&v=491&g=8');
    expect(localStorage.getItem('access')).toBe(access);
    expect(localStorage.getItem('refresh')).toBe('r1');
    const meCall = calls.find((c) => c.path === '/cuviewTV/auth/users/me/')!;
    expect(meCall.headers.Authorization).toBe(`JWT ${access}`);
  });

  it('returns to the saved path after signing in', async () => {
    localStorage.setItem('path', '/home?g=4&p=54&v=403');
    mockFetch({
      'POST /cuviewTV/auth/jwt/create/': { json: { access: fakeJwt(), refresh: 'r1' } },
      'GET /cuviewTV/auth/users/me/': { json: me },
    });
    renderRoute(<LoginScreen />, { route: '/login', path: '/login' });
    await signIn('jane@example.com');
    expect(await screen.findByTestId('location')).toHaveTextContent('/home?g=4&p=54&v=403');
  });

  it('shows a spinner while signing in', async () => {
    let release: () => void = () => undefined;
    mockFetch({
      'POST /cuviewTV/auth/jwt/create/': () =>
        new Promise((resolve) => (release = () => resolve({ status: 401, json: { detail: 'nope' } }))),
    });
    renderRoute(<LoginScreen />, { route: '/login', path: '/login' });
    await signIn('jane@example.com');
    const button = screen.getByRole('button', { name: /Sign In/ });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status', { name: 'Sign In…' })).toBeInTheDocument();
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent('nope');
  });

  it('lets a visitor sent here by Watch now go on as the guest, back to the saved player page', async () => {
    localStorage.setItem('path', '/home?g=4&p=54&v=403');
    const access = fakeJwt();
    const { calls } = mockFetch({
      'POST /cuviewTV/auth/jwt/guest/': { json: { access, refresh: 'g1' } },
      'GET /cuviewTV/auth/users/me/': { json: { id: 2, first_name: '', last_name: '', is_staff: false } },
    });
    renderRoute(<LoginScreen />, { route: '/login', path: '/login' });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Continue as guest' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/home?g=4&p=54&v=403');
    expect(calls.map((c) => c.path)).toContain('/cuviewTV/auth/jwt/guest/');
    expect(localStorage.getItem('access')).toBe(access);
  });

  it('says so when guest access is off', async () => {
    mockFetch({ 'POST /cuviewTV/auth/jwt/guest/': { status: 404, json: { message: 'Guest access is disabled.' } } });
    renderRoute(<LoginScreen />, { route: '/login', path: '/login' });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Continue as guest' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Guest access is off on this site');
    expect(localStorage.getItem('access')).toBeNull();
  });

  it('asks an account with two-factor sign-in for its code after the password', async () => {
    const access = fakeJwt();
    const { calls } = mockFetch({
      'POST /cuviewTV/auth/jwt/create/': { json: { otp_required: true, otp_token: 'ticket-1' } },
      'POST /cuviewTV/auth/jwt/otp/': ({ body }) =>
        (body as { code: string }).code === '123456'
          ? { json: { access, refresh: 'r2' } }
          : { status: 401, json: { detail: 'That code is not right.', code: 'otp_wrong' } },
      'GET /cuviewTV/auth/users/me/': { json: me },
    });
    renderRoute(<LoginScreen />, { route: '/login', path: '/login' });
    await signIn('jane@example.com');
    const code = await screen.findByLabelText('Authentication code');
    expect(screen.getByRole('heading', { name: 'Two-Factor Sign In' })).toBeInTheDocument();
    expect(localStorage.getItem('access')).toBeNull();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please, enter the code');
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right.');
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/home?p=33&v=491&g=8');
    expect(localStorage.getItem('access')).toBe(access);
    expect(calls.filter((c) => c.path === '/cuviewTV/auth/jwt/otp/').map((c) => c.body)).toEqual([
      { otp_token: 'ticket-1', code: '654321' },
      { otp_token: 'ticket-1', code: '123456' },
    ]);
  });

  it('goes to the home page, not the player, when the sign-in was made in another tab', async () => {
    mockFetch({});
    const { queryClient } = renderRoute(<LoginScreen />, { route: '/login', path: '/login' });
    await screen.findByLabelText('E-mail');
    // What the session sync does when another tab of this browser signs in.
    act(() => {
      queryClient.setQueryData(userQueryKey, me);
    });
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('sends a signed-in person straight on', async () => {
    localStorage.setItem('access', fakeJwt());
    mockFetch({ 'POST /cuviewTV/auth/jwt/verify/': { json: {} }, 'GET /cuviewTV/auth/users/me/': { json: me } });
    renderRoute(<LoginScreen />, { route: '/login', path: '/login' });
    expect(await screen.findByTestId('location')).toHaveTextContent('/home?p=33&v=491&g=8');
  });
});

describe('password reset', () => {
  it('asks for a valid e-mail, then says to check the mailbox', async () => {
    const { calls } = mockFetch({ 'POST /cuviewTV/auth/users/reset_password/': { status: 204 } });
    renderRoute(<ResetPasswordScreen />, { route: '/reset_password', path: '/reset_password' });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('E-mail'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please, Enter Valid Email');
    expect(calls).toHaveLength(0);

    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please, check your email')).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({ email: 'jane@example.com' });
  });

  it('confirm: a mismatch stops; a short but matching password shows the length message and is sent', async () => {
    let release: () => void = () => undefined;
    const { calls } = mockFetch({
      'POST /cuviewTV/auth/users/reset_password_confirm/': () =>
        new Promise(
          (resolve) => (release = () => resolve({ status: 400, json: { detail: 'This password is too short.' } })),
        ),
    });
    renderRoute(<ResetPasswordConfirmScreen />, {
      route: '/password-reset/MQ/abc-123',
      path: '/password-reset/:uid/:token',
    });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('New password', { selector: 'input' }), 'short');
    await user.type(screen.getByLabelText('Confirm new password', { selector: 'input' }), 'shorter');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(calls).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm new password', { selector: 'input' }));
    await user.type(screen.getByLabelText('Confirm new password', { selector: 'input' }), 'short');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please, provide password at least 8 symbols');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ uid: 'MQ', token: 'abc-123', new_password: 'short', re_new_password: 'short' });
    release();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('This password is too short.'));
  });

  it('confirm: shows every problem the server found with the new password', async () => {
    mockFetch({
      'POST /cuviewTV/auth/users/reset_password_confirm/': {
        status: 400,
        json: {
          new_password: ['The password is too similar to the email.', 'This password is too common.'],
          message: 'The password is too similar to the email.',
        },
      },
    });
    renderRoute(<ResetPasswordConfirmScreen />, {
      route: '/password-reset/MQ/abc',
      path: '/password-reset/:uid/:token',
    });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('New password', { selector: 'input' }), 'jane1234');
    await user.type(screen.getByLabelText('Confirm new password', { selector: 'input' }), 'jane1234');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The password is too similar to the email. This password is too common.',
    );
    expect(screen.queryByText('Password has changed successfully')).not.toBeInTheDocument();
  });

  it('confirm: success shows the message and a Sign In button', async () => {
    mockFetch({ 'POST /cuviewTV/auth/users/reset_password_confirm/': { status: 204 } });
    renderRoute(<ResetPasswordConfirmScreen />, {
      route: '/password-reset/MQ/abc',
      path: '/password-reset/:uid/:token',
    });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('New password', { selector: 'input' }), 'a-new-password');
    await user.type(screen.getByLabelText('Confirm new password', { selector: 'input' }), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password has changed successfully')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });
});

describe('/activate', () => {
  it('posts uid and token, then goes to /login, which says the account is active', async () => {
    const { calls } = mockFetch({ 'POST /cuviewTV/auth/users/activation/': { status: 204 } });
    renderRoute(<ActivateScreen />, {
      route: '/activate/MQ/tok',
      path: '/activate/:uid/:token',
      extra: [{ path: '/login', element: <LoginScreen /> }],
    });
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'ACTIVATE' }));
    expect(await screen.findByText('Your account is active. Sign in to start watching.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({ uid: 'MQ', token: 'tok' });
  });

  it('takes a link opened again (403, the account is active already) to /login, which says so', async () => {
    mockFetch({
      'POST /cuviewTV/auth/users/activation/': { status: 403, json: { detail: 'Stale token for given user.' } },
    });
    renderRoute(<ActivateScreen />, {
      route: '/activate/MQ/tok',
      path: '/activate/:uid/:token',
      extra: [{ path: '/login', element: <LoginScreen /> }],
    });
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'ACTIVATE' }));
    expect(await screen.findByText('Your account is active. Sign in to start watching.')).toBeInTheDocument();
    expect(screen.queryByText('Stale token for given user.')).not.toBeInTheDocument();
  });

  it('shows why a broken link fails', async () => {
    mockFetch({
      'POST /cuviewTV/auth/users/activation/': {
        status: 400,
        json: { uid: ["Invalid user id or user doesn't exist."] },
      },
    });
    renderRoute(<ActivateScreen />, { route: '/activate/MQ/tok', path: '/activate/:uid/:token' });
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'ACTIVATE' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This activation link is not whole. Open it again');
  });
});
