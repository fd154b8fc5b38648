import { createSecretKey, type KeyObject } from 'node:crypto';

const keys = new Map<string, KeyObject>();

/**
 * The HS256 signing key as a KeyObject, for every JwtService and the passport strategy. Given
 * the secret as a string, jsonwebtoken tries it as a PEM public key (verify) or private key
 * (sign) first, on every call, and that attempt throws: the exception was 38 % of the api's
 * CPU in a signed-in request (bench:positions, `BENCH_API_PROFILE=1`). A secret key object
 * goes straight to the HMAC, and with the algorithms pinned to HS256 nothing else is accepted.
 */
export function jwtKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}
