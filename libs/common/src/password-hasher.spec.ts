import { describe, expect, it } from '@jest/globals';
import { PasswordHasher, SCRYPT_PARAMS } from './password-hasher.js';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher();

  it('stores scrypt at OWASP cost with a 32-byte salt and checks passwords', async () => {
    const stored = await hasher.hash('correct horse battery');
    const [scheme, N, r, p, salt, hash] = stored.split('$');
    expect([scheme, Number(N), Number(r), Number(p)]).toEqual(['scrypt', 2 ** 17, 8, 1]);
    expect(SCRYPT_PARAMS).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(Buffer.from(salt, 'base64')).toHaveLength(32);
    expect(Buffer.from(hash, 'base64')).toHaveLength(32);
    expect(await hasher.verify('correct horse battery', stored)).toBe(true);
    expect(await hasher.verify('correct horse batterY', stored)).toBe(false);
    expect(await hasher.hash('correct horse battery')).not.toBe(stored);
  }, 30_000);

  it('never matches unusable or malformed stored values', async () => {
    expect(await hasher.verify('', hasher.unusable())).toBe(false);
    expect(await hasher.verify('x', 'scrypt$nope')).toBe(false);
    expect(await hasher.verify('x', 'pbkdf2_sha256$1$salt$hash')).toBe(false);
  });

  it('spends exactly one check of a real password on a dummy one, from the first call', async () => {
    const fresh = new PasswordHasher();
    const calls: string[] = [];
    const [hash, verify] = [fresh.hash.bind(fresh), fresh.verify.bind(fresh)];
    fresh.hash = (password) => (calls.push('hash'), hash(password));
    fresh.verify = (password, stored) => {
      calls.push(`verify ${stored.split('$').slice(0, 4).join('$')}`);
      return verify(password, stored);
    };
    expect(await fresh.verifyDummy('dummy password never matches')).toBe(false);
    expect(calls).toEqual([`verify scrypt$${2 ** 17}$8$1`]);
  }, 30_000);
});
