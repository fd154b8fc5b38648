import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiMock, renderScreen } from '../test-utils';
import { TwoFactorScreen } from './TwoFactorScreen';

const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '2')}`);

describe('/adminSecurity', { timeout: 60_000 }, () => {
  it('sets up two-factor sign-in with a QR code, checks the first code and shows the recovery codes once', async () => {
    const api = apiMock({
      'GET /cuviewTV/auth/totp/': { json: { enabled: false, required: true, recovery_codes_left: 0 } },
      'POST /cuviewTV/auth/totp/setup/': {
        json: { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/CUVIEW%20TV:staff?secret=JBSWY3DPEHPK3PXP' },
      },
      'POST /cuviewTV/auth/totp/confirm/': ({ body }) =>
        (body as { code: string }).code === '123456'
          ? { json: { recovery_codes: CODES } }
          : { status: 400, json: { message: 'That code is not right.', code: 'otp_wrong' } },
    });
    renderScreen(<TwoFactorScreen />, '/adminSecurity', '/adminSecurity');
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText(/Staff accounts on this site need two-factor sign-in/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByTitle('QR code for your authenticator app')).toBeInTheDocument();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();

    const code = screen.getByLabelText('Enter the 6-digit code it shows');
    await user.type(code, '12ab');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(screen.getByRole('alert')).toHaveTextContent('6-digit code');
    expect(api.named('POST', '/cuviewTV/auth/totp/confirm/')).toHaveLength(0);
    await user.clear(code);
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right.');
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Your recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
  });

  it('says it is on and how many recovery codes are left; staff who must keep it cannot turn it off', async () => {
    apiMock({ 'GET /cuviewTV/auth/totp/': { json: { enabled: true, required: true, recovery_codes_left: 7 } } });
    renderScreen(<TwoFactorScreen />, '/adminSecurity', '/adminSecurity');
    expect(await screen.findByText(/7 recovery codes left/)).toBeInTheDocument();
    expect(screen.getByText('Staff accounts on this site must keep it on.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
  });

  it('makes new recovery codes with a code or the password and shows them until they are kept', async () => {
    let left = 2;
    const api = apiMock({
      'GET /cuviewTV/auth/totp/': () => ({ json: { enabled: true, required: true, recovery_codes_left: left } }),
      'POST /cuviewTV/auth/totp/recovery-codes/': ({ body }) => {
        if ((body as { password?: string }).password !== 'right horse') {
          return { status: 400, json: { message: 'That password is not right', code: 'password_wrong' } };
        }
        left = 10;
        return { json: { recovery_codes: CODES } };
      },
    });
    renderScreen(<TwoFactorScreen />, '/adminSecurity', '/adminSecurity');
    const user = userEvent.setup({ delay: null });
    const form = await screen.findByRole('form', { name: 'New recovery codes' });
    await user.type(within(form).getByLabelText('6-digit code from the app'), '12');
    await user.click(within(form).getByRole('button', { name: 'Make new recovery codes' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('6-digit code');
    expect(api.named('POST', '/cuviewTV/auth/totp/recovery-codes/')).toHaveLength(0);

    await user.click(within(form).getByRole('radio', { name: 'my password' }));
    const password = within(form).getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.type(password, 'wrong');
    await user.click(within(form).getByRole('button', { name: 'Make new recovery codes' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('That password is not right');
    await user.clear(password);
    await user.type(password, 'right horse');
    await user.click(within(form).getByRole('button', { name: 'Make new recovery codes' }));

    const list = await screen.findByRole('list', { name: 'Your recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText(/any codes you had before no longer work/)).toBeInTheDocument();
    expect(api.named('POST', '/cuviewTV/auth/totp/recovery-codes/').at(-1)!.body).toEqual({ password: 'right horse' });
    await user.click(screen.getByRole('button', { name: 'I have kept them' }));
    expect(await screen.findByText(/10 recovery codes left/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your recovery codes' })).not.toBeInTheDocument();
  });
});
