import { randomUUID } from 'node:crypto';
import { Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AppConfig } from '@app/config';
import { AUTH_MESSAGES, TOKEN_NOT_VALID } from '@app/contracts';
import type { RefreshToken, User } from '@app/db';
import { UsersRepository } from '../users/users.repository.js';
import { RefreshTokensRepository } from './refresh-tokens.repository.js';

export type TokenType = 'access' | 'refresh';

/** SimpleJWT's claims. */
export interface TokenClaims {
  token_type: TokenType;
  user_id: number;
  jti: string;
  iat: number;
  exp: number;
}

type IssuedRefreshToken = Pick<RefreshToken, 'jti' | 'family' | 'userId' | 'expiresAt'>;

export interface TokenPair {
  access: string;
  refresh: string;
}

export class TokenNotValidException extends UnauthorizedException {
  constructor(detail: string = AUTH_MESSAGES.tokenNotValid) {
    super({ detail, code: TOKEN_NOT_VALID });
  }
}

/** Whether a token was issued before the account's password changed or it was deactivated. */
export function issuedBeforeCredentialsChange(claims: Pick<TokenClaims, 'iat'>, user: User): boolean {
  // iat has whole seconds; a token from the same second as the change is let through.
  return claims.iat < Math.floor(user.credentialsChangedAt.getTime() / 1000);
}

/**
 * The account check of JwtStrategy as an SQL condition, for a statement that checks it itself
 * (behind AccessTokenGuard): the `users` row `alias` is active and its credentials did not
 * change after the token was issued, `issuedAt` being the SQL of the token's `iat`. The same
 * rule as issuedBeforeCredentialsChange: iat >= floor(changed) is changed < iat + 1.
 */
export function accountAcceptsTokenSql(alias: string, issuedAt: string): string {
  return `${alias}.is_active AND ${alias}.credentials_changed_at < to_timestamp(${issuedAt}::bigint + 1)`;
}

function isClaims(value: unknown): value is TokenClaims {
  const claims = value as Partial<TokenClaims> | null;
  return (
    typeof claims === 'object' &&
    claims !== null &&
    (claims.token_type === 'access' || claims.token_type === 'refresh') &&
    Number.isSafeInteger(claims.user_id) &&
    typeof claims.jti === 'string' &&
    Number.isInteger(claims.iat) &&
    Number.isInteger(claims.exp)
  );
}

/**
 * Access and refresh tokens (HS256 only, token_type checked). Refresh tokens rotate: each use
 * spends the token and issues a new one in the same family; a spent token presented again
 * revokes the family, unless it was spent within JWT_REFRESH_REUSE_SECONDS (two tabs renewing
 * at once, as Auth0's reuse interval allows).
 */
@Injectable()
export class JwtTokensService {
  constructor(
    private readonly jwt: JwtService,
    private readonly config: AppConfig,
    private readonly refreshTokens: RefreshTokensRepository,
    private readonly users: UsersRepository,
  ) {}

  /** A new login: a fresh refresh-token family. */
  issuePair(user: User, family: string = randomUUID()): Promise<TokenPair> {
    return this.issue(user, family);
  }

  async rotate(refresh: unknown): Promise<TokenPair> {
    const claims = this.decode(refresh, 'refresh');
    let row = await this.refreshTokens.findByJti(claims.jti);
    if (!row || row.userId !== claims.user_id || row.revokedAt) throw new TokenNotValidException();
    if (row.usedAt && !this.justSpent(row)) return this.reused(row.family);
    const user = await this.users.findById(claims.user_id);
    if (!user?.isActive || issuedBeforeCredentialsChange(claims, user)) throw new TokenNotValidException();
    if (!row.usedAt) {
      const { pair, record } = this.sign(user, row.family);
      // Spending the old token and recording the new one are one transaction: an outage makes
      // the refresh fail (503) with the old token still good, never half-done.
      if (await this.refreshTokens.spendAndRecord(row.jti, record)) return pair;
      // Another request spent it in this moment (or a replay revoked the login).
      row = await this.refreshTokens.findByJti(row.jti);
      if (!row?.usedAt || row.revokedAt) throw new TokenNotValidException();
    }
    // Another tab of the same browser renewed with this token a moment ago: this one gets the
    // login's current refresh token (that renewal's, or a later one) and an access token, so
    // however many tabs renew at once, the login goes on as one chain.
    const live = await this.refreshTokens.findLive(row.family);
    if (!live) throw new TokenNotValidException();
    return this.pairFor(user, live);
  }

  /** Spent within JWT_REFRESH_REUSE_SECONDS: a renewal racing another, not a replay. */
  private justSpent(row: RefreshToken): boolean {
    return row.usedAt !== null && Date.now() - row.usedAt.getTime() <= this.config.JWT_REFRESH_REUSE_SECONDS * 1000;
  }

  /** A spent token presented again: the whole login chain stops working. */
  private async reused(family: string): Promise<never> {
    await this.refreshTokens.revokeFamily(family);
    throw new TokenNotValidException();
  }

  /** auth/jwt/verify: any token type; a refresh token must also be unspent and unrevoked. */
  async verify(token: unknown): Promise<void> {
    const claims = this.decode(token);
    if (claims.token_type === 'refresh') {
      const row = await this.refreshTokens.findByJti(claims.jti);
      if (!row || row.usedAt || row.revokedAt) throw new TokenNotValidException();
    }
    const user = await this.users.findById(claims.user_id);
    if (!user?.isActive || issuedBeforeCredentialsChange(claims, user)) throw new TokenNotValidException();
  }

  private decode(token: unknown, expectedType?: TokenType): TokenClaims {
    if (typeof token !== 'string' || token.length === 0 || token.length > 4096) throw new TokenNotValidException();
    let claims: unknown;
    try {
      claims = this.jwt.verify(token, { algorithms: ['HS256'] });
    } catch {
      throw new TokenNotValidException();
    }
    if (!isClaims(claims) || (expectedType && claims.token_type !== expectedType)) throw new TokenNotValidException();
    return claims;
  }

  private async issue(user: User, family: string): Promise<TokenPair> {
    const { pair, record } = this.sign(user, family);
    await this.refreshTokens.recordIssued(record);
    return pair;
  }

  /** A new pair, and the row that makes its refresh token count once it is recorded. */
  private sign(user: User, family: string): { pair: TokenPair; record: IssuedRefreshToken } {
    const record: IssuedRefreshToken = {
      jti: randomUUID(),
      family,
      userId: user.id,
      expiresAt: new Date((Math.floor(Date.now() / 1000) + this.config.JWT_REFRESH_TTL_SECONDS) * 1000),
    };
    return { pair: this.pairFor(user, record), record };
  }

  /** A new access token, and the refresh token of the issued row `refresh`. */
  private pairFor(user: User, refresh: Pick<RefreshToken, 'jti' | 'expiresAt'>): TokenPair {
    const now = Math.floor(Date.now() / 1000);
    const sign = (type: TokenType, jti: string, exp: number) => {
      const claims: TokenClaims = { token_type: type, exp, iat: now, jti, user_id: user.id };
      return this.jwt.sign(claims, { algorithm: 'HS256' });
    };
    return {
      access: sign('access', randomUUID(), now + this.config.JWT_ACCESS_TTL_SECONDS),
      refresh: sign('refresh', refresh.jti, Math.floor(refresh.expiresAt.getTime() / 1000)),
    };
  }
}
