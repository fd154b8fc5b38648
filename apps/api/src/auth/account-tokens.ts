import { createHmac, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '@app/config';
import type { User } from '@app/db';

/** Activation and reset links stop working after this long (Django's PASSWORD_RESET_TIMEOUT). */
export const ACCOUNT_TOKEN_TTL_SECONDS = 3 * 24 * 3600;

export type AccountTokenPurpose = 'activation' | 'password-reset';

/** The parts of a user a token is bound to: changing any of them kills outstanding tokens. */
export type TokenState = Pick<User, 'id' | 'email' | 'passwordHash' | 'lastLogin' | 'isActive'>;

/** uid in links: base64url of the decimal id, as Django's urlsafe_base64_encode. */
export function encodeUid(id: number): string {
  return Buffer.from(String(id)).toString('base64url');
}

/** The id in a uid, or null when it is not one. */
export function decodeUid(uid: unknown): number | null {
  if (typeof uid !== 'string' || !/^[A-Za-z0-9_-]{1,16}$/.test(uid)) return null;
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2147483647 ? id : null;
}

/**
 * Stateless single-use tokens for e-mailed links, after Django's PasswordResetTokenGenerator:
 * `<timestamp base36>-<HMAC over the user's state and the timestamp>`. Nothing is stored:
 * activating, changing the password or logging in changes the state, so the link dies.
 */
@Injectable()
export class AccountTokens {
  private readonly keys: Record<AccountTokenPurpose, Buffer>;

  constructor(config: AppConfig) {
    // A key per purpose, derived from the one secret, so an activation token never resets a password.
    const derive = (purpose: AccountTokenPurpose) =>
      createHmac('sha256', config.JWT_SECRET).update(`cuview.account-token.${purpose}`).digest();
    this.keys = { activation: derive('activation'), 'password-reset': derive('password-reset') };
  }

  make(purpose: AccountTokenPurpose, user: TokenState, now = Date.now()): string {
    const timestamp = Math.floor(now / 1000);
    return `${timestamp.toString(36)}-${this.signature(purpose, user, timestamp)}`;
  }

  check(purpose: AccountTokenPurpose, user: TokenState, token: unknown, now = Date.now()): boolean {
    if (typeof token !== 'string') return false;
    const match = /^([0-9a-z]{1,10})-([0-9a-f]{32})$/.exec(token);
    if (!match) return false;
    const timestamp = parseInt(match[1], 36);
    const age = Math.floor(now / 1000) - timestamp;
    if (age < 0 || age > ACCOUNT_TOKEN_TTL_SECONDS) return false;
    const expected = Buffer.from(this.signature(purpose, user, timestamp));
    return timingSafeEqual(expected, Buffer.from(match[2]));
  }

  private signature(purpose: AccountTokenPurpose, user: TokenState, timestamp: number): string {
    const state = [
      user.id,
      user.passwordHash,
      user.lastLogin ? user.lastLogin.getTime() : '',
      user.isActive ? 1 : 0,
      user.email.toLowerCase(),
      timestamp,
    ].join('\u0000');
    return createHmac('sha256', this.keys[purpose]).update(state).digest('hex').slice(0, 32);
  }
}
