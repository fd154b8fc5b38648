import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { Injectable } from '@nestjs/common';

/** OWASP Password Storage Cheat Sheet: scrypt N=2^17, r=8, p=1 (128 MiB per hash). */
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const SALT_BYTES = 32;
const KEY_BYTES = 32;
/** A stored value starting with this can never match: accounts that must not log in by password. */
export const UNUSABLE_PASSWORD_PREFIX = '!';
/** What verifyDummy checks against: the format and cost of a real hash; its key is random, never derived. */
const DUMMY_STORED = [
  'scrypt',
  SCRYPT_PARAMS.N,
  SCRYPT_PARAMS.r,
  SCRYPT_PARAMS.p,
  randomBytes(SALT_BYTES).toString('base64'),
  randomBytes(KEY_BYTES).toString('base64'),
].join('$');

function scryptAsync(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/**
 * Each hash holds 128 MiB for ~0.3 s. Without a cap, a burst of logins would run one per libuv
 * thread and multiply that memory; two at a time keeps the api's footprint predictable.
 */
class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await task();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

/** Stored as `scrypt$N$r$p$salt$hash` (base64), so parameters can be raised later. */
@Injectable()
export class PasswordHasher {
  private readonly gate = new Semaphore(2);

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_BYTES);
    const { N, r, p } = SCRYPT_PARAMS;
    const key = await this.derive(password, salt, N, r, p);
    return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const parts = stored.split('$');
    if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
    const [N, r, p] = parts.slice(1, 4).map(Number);
    if (![N, r, p].every(Number.isSafeInteger)) return false;
    const salt = Buffer.from(parts[4], 'base64');
    const expected = Buffer.from(parts[5], 'base64');
    if (expected.length === 0) return false;
    const actual = await this.derive(password, salt, N, r, p, expected.length);
    return timingSafeEqual(actual, expected);
  }

  /**
   * The work of one real check (one verify(), whatever it finds), for logins naming no usable
   * account, so answer times do not tell which e-mails are registered. The stored value is made
   * up, not hashed: a dummy hashed on first use made the first unknown e-mail after start-up
   * cost two hashes, twice the time of a wrong password.
   */
  async verifyDummy(password: string): Promise<false> {
    await this.verify(password, DUMMY_STORED);
    return false;
  }

  /** A value for accounts with no password (the guest): nothing hashes to it. */
  unusable(): string {
    return UNUSABLE_PASSWORD_PREFIX + randomBytes(24).toString('base64url');
  }

  private derive(password: string, salt: Buffer, N: number, r: number, p: number, keylen = KEY_BYTES) {
    // maxmem must exceed 128 * N * r bytes or node refuses the parameters.
    return this.gate.run(() => scryptAsync(password, salt, keylen, { N, r, p, maxmem: 256 * N * r }));
  }
}
