import { describe, expect, it } from '@jest/globals';
import type { AppConfig } from '@app/config';
import { AccountTokens, decodeUid, encodeUid, type TokenState } from './account-tokens.js';

describe('AccountTokens (stateless e-mail link tokens)', () => {
  const tokens = new AccountTokens({ JWT_SECRET: 'x'.repeat(40) } as AppConfig);
  const user: TokenState = {
    id: 7,
    email: 'ada@example.com',
    passwordHash: 'scrypt$1$2$3$salt$hash',
    lastLogin: null,
    isActive: false,
  };

  it('accepts its own token and refuses it once the account changes', () => {
    const token = tokens.make('activation', user);
    expect(tokens.check('activation', user, token)).toBe(true);
    expect(tokens.check('activation', { ...user, isActive: true }, token)).toBe(false);
    expect(tokens.check('activation', { ...user, passwordHash: 'other' }, token)).toBe(false);
    expect(tokens.check('activation', { ...user, lastLogin: new Date() }, token)).toBe(false);
    expect(tokens.check('activation', { ...user, id: 8 }, token)).toBe(false);
    expect(tokens.check('password-reset', user, token)).toBe(false);
  });

  it('expires after 3 days and refuses tokens from the future or of the wrong shape', () => {
    const now = Date.UTC(2026, 0, 10);
    const token = tokens.make('password-reset', user, now);
    expect(tokens.check('password-reset', user, token, now + 3 * 24 * 3600 * 1000 - 1000)).toBe(true);
    expect(tokens.check('password-reset', user, token, now + 3 * 24 * 3600 * 1000 + 1000)).toBe(false);
    expect(tokens.check('password-reset', user, token, now - 60_000)).toBe(false);
    for (const bad of ['', 'abc', `${token}0`, 42, null]) expect(tokens.check('password-reset', user, bad)).toBe(false);
  });

  it('encodes uids as base64url of the id and refuses anything else', () => {
    expect(encodeUid(42)).toBe('NDI');
    expect(decodeUid('NDI')).toBe(42);
    for (const bad of [
      '',
      '!!',
      encodeUid(0),
      Buffer.from('12a').toString('base64url'),
      Buffer.from('99999999999').toString('base64url'),
      5,
    ]) {
      expect(decodeUid(bad)).toBeNull();
    }
  });
});
