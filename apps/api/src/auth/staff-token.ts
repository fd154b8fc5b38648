import { JwtService } from '@nestjs/jwt';
import type { DataSource } from 'typeorm';
import { User } from '@app/db';
import { jwtKey } from './jwt-key.js';
import { issuedBeforeCredentialsChange } from './jwt-tokens.service.js';

export type StaffCheckResult = { kind: 'anonymous' } | { kind: 'forbidden' } | { kind: 'ok'; user: User };

/**
 * The staff check of routes mounted on fastify directly (Bull Board, the tus uploads), where
 * Nest's guards do not run: the same rules as JwtStrategy + StaffGuard (HS256, access tokens
 * only, an active account, not issued before a password change).
 */
export function staffTokenChecker(
  secret: string,
  dataSource: DataSource,
): (token: string | null) => Promise<StaffCheckResult> {
  const jwt = new JwtService({ secret: jwtKey(secret), verifyOptions: { algorithms: ['HS256'] } });
  return async (token) => {
    if (!token) return { kind: 'anonymous' };
    let claims: { token_type?: string; user_id?: unknown; iat?: unknown };
    try {
      claims = await jwt.verifyAsync(token);
    } catch {
      return { kind: 'anonymous' };
    }
    if (claims.token_type !== 'access' || !Number.isInteger(claims.user_id) || !Number.isInteger(claims.iat)) {
      return { kind: 'anonymous' };
    }
    const user = await dataSource.getRepository(User).findOneBy({ id: claims.user_id as number });
    if (!user?.isActive || issuedBeforeCredentialsChange({ iat: claims.iat as number }, user)) {
      return { kind: 'anonymous' };
    }
    return user.isStaff ? { kind: 'ok', user } : { kind: 'forbidden' };
  };
}
