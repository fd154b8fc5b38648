import { describe, expect, it } from 'vitest';
import { normalizePhone, registrationError, validateRegister, validateResetConfirm } from './validation';

const ok = {
  first_name: 'Jane',
  last_name: 'Doe',
  email: 'jane@example.com',
  mobile_number: '+15551234567',
  password: 'tulip-river-42',
  re_password: 'tulip-river-42',
};

describe('registration checks, in the spec order', () => {
  it('passes a complete form', () => {
    expect(validateRegister(ok)).toBeNull();
  });

  it('reports only the first failing check', () => {
    // Everything wrong: the names come first.
    expect(
      validateRegister({
        first_name: 'J',
        last_name: '',
        email: 'x',
        mobile_number: '1',
        password: '1',
        re_password: '2',
      }),
    ).toBe('Please, fill required fields');
    // Names fine, rest wrong: password length next.
    expect(validateRegister({ ...ok, email: 'x', mobile_number: '1', password: 'short', re_password: 'other' })).toBe(
      'Please provide password at least 8 symbols',
    );
    // Then the e-mail.
    expect(validateRegister({ ...ok, email: 'jane@', mobile_number: '1', re_password: 'other' })).toBe(
      'Please, Enter Valid Email',
    );
    // Then the phone.
    expect(validateRegister({ ...ok, mobile_number: '15551234567', re_password: 'other' })).toBe(
      'Please, enter valid mobile number with country code',
    );
    // Finally the confirmation.
    expect(validateRegister({ ...ok, re_password: 'tulip-river-43' })).toBe('Passwords do not match');
  });

  it('wants a plus sign and 6 to 13 digits for the phone', () => {
    expect(validateRegister({ ...ok, mobile_number: '+123456' })).toBeNull();
    expect(validateRegister({ ...ok, mobile_number: '+1234567890123' })).toBeNull();
    expect(validateRegister({ ...ok, mobile_number: '+12345' })).toBe(
      'Please, enter valid mobile number with country code',
    );
    expect(validateRegister({ ...ok, mobile_number: '+12345678901234' })).toBe(
      'Please, enter valid mobile number with country code',
    );
    expect(validateRegister({ ...ok, mobile_number: '+1 555 1' })).toBe(
      'Please, enter valid mobile number with country code',
    );
  });

  it('takes a phone number as people write it, with spaces, dots, dashes or brackets', () => {
    for (const written of ['+41 79 123 45 67', '+1 (555) 010-9999', '+33.6.12.34.56.78']) {
      expect(validateRegister({ ...ok, mobile_number: written })).toBeNull();
    }
    expect(normalizePhone(' +41 79 123 45 67 ')).toBe('+41791234567');
    expect(normalizePhone('+1 (555) 010-9999')).toBe('+15550109999');
  });
});

describe('reset confirm', () => {
  it('shows the length message yet still sends when both fields match', () => {
    expect(validateResetConfirm('short', 'short')).toEqual({
      message: 'Please, provide password at least 8 symbols',
      send: true,
    });
  });
  it('does not send when the fields differ', () => {
    expect(validateResetConfirm('longenough1', 'longenough2')).toEqual({
      message: 'Passwords do not match',
      send: false,
    });
  });
  it('sends a good password silently', () => {
    expect(validateResetConfirm('longenough1', 'longenough1')).toEqual({ message: null, send: true });
  });
});

describe('registration server errors', () => {
  it('prefers the e-mail error, then the password error', () => {
    expect(registrationError({ password: ['too common'], email: ['user with this email already exists.'] }, 'x')).toBe(
      'user with this email already exists.',
    );
    expect(registrationError({ password: ['This password is too common.'] }, 'x')).toBe('This password is too common.');
    expect(registrationError({}, 'fallback')).toBe('fallback');
  });
  it("says all of a field's messages in one line", () => {
    expect(
      registrationError({ password: ['This password is too common.', 'This password is entirely numeric.'] }, 'x'),
    ).toBe('This password is too common. This password is entirely numeric.');
  });
});
