import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { InjectRepository } from '@nestjs/typeorm';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { FastifyRequest } from 'fastify';
import { Repository } from 'typeorm';
import { AppConfig } from '@app/config';
import { User } from '@app/db';
import { jwtKey } from './jwt-key.js';
import { issuedBeforeCredentialsChange } from './jwt-tokens.service.js';

export interface AccessClaims {
  token_type: 'access';
  user_id: number;
  jti: string;
  iat: number;
  exp: number;
}

/** `Authorization: JWT <token>` (the spec's scheme) or `Bearer <token>`. */
export function tokenFromHeader(request: { headers: Record<string, string | string[] | undefined> }): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^(JWT|Bearer)\s+(\S+)$/i.exec(header.trim());
  return match ? match[2] : null;
}

/** The claims of an access token (never a refresh token), or null. */
export function accessClaimsOf(claims: unknown): AccessClaims | null {
  const c = claims as Partial<AccessClaims> | null;
  return typeof c === 'object' &&
    c !== null &&
    c.token_type === 'access' &&
    Number.isSafeInteger(c.user_id) &&
    Number.isInteger(c.iat)
    ? (c as AccessClaims)
    : null;
}

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    config: AppConfig,
    @InjectRepository(User) private readonly users: Repository<User>,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromExtractors([(request: FastifyRequest) => tokenFromHeader(request)]),
      // A KeyObject, which jsonwebtoken takes (passport-jwt's types say string or Buffer): jwt-key.ts.
      secretOrKey: jwtKey(config.JWT_SECRET) as unknown as Buffer,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  /**
   * The token type is checked so a refresh token can never act as an access token, and tokens
   * issued before a password change or deactivation stop working.
   */
  async validate(claims: AccessClaims): Promise<User | false> {
    if (!accessClaimsOf(claims)) return false;
    const user = await this.users.findOneBy({ id: claims.user_id });
    if (!user?.isActive || issuedBeforeCredentialsChange(claims, user)) return false;
    return user;
  }
}
