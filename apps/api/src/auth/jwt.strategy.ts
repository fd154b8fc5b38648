import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { InjectRepository } from '@nestjs/typeorm';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { FastifyRequest } from 'fastify';
import { Repository } from 'typeorm';
import { AppConfig } from '@app/config';
import { User } from '@app/db';
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

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    config: AppConfig,
    @InjectRepository(User) private readonly users: Repository<User>,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromExtractors([(request: FastifyRequest) => tokenFromHeader(request)]),
      secretOrKey: config.JWT_SECRET,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  /**
   * The token type is checked so a refresh token can never act as an access token, and tokens
   * issued before a password change or deactivation stop working.
   */
  async validate(claims: AccessClaims): Promise<User | false> {
    if (claims?.token_type !== 'access' || !Number.isSafeInteger(claims.user_id) || !Number.isInteger(claims.iat)) {
      return false;
    }
    const user = await this.users.findOneBy({ id: claims.user_id });
    if (!user?.isActive || issuedBeforeCredentialsChange(claims, user)) return false;
    return user;
  }
}
