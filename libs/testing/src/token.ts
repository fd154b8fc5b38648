import { randomUUID } from 'node:crypto';
import { createHmac } from 'node:crypto';

/** An HS256 access token as the api issues it (SimpleJWT claims), for tests that skip sign-in. */
export function signTestAccessToken(userId: number, secret: string, ttlSeconds = 300): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const head = encode({ alg: 'HS256', typ: 'JWT' });
  const body = encode({ token_type: 'access', user_id: userId, jti: randomUUID(), iat: now, exp: now + ttlSeconds });
  const signature = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${signature}`;
}
