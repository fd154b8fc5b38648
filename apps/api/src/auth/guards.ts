import {
  createParamDecorator,
  ForbiddenException,
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AuthGuard } from '@nestjs/passport';
import { AppConfig } from '@app/config';
import { AUTH_MESSAGES, OTP_CODES, TOKEN_NOT_VALID } from '@app/contracts';
import type { User } from '@app/db';
import { jwtKey } from './jwt-key.js';
import { accessClaimsOf, tokenFromHeader } from './jwt.strategy.js';

const NOT_AUTHENTICATED = { detail: 'Authentication credentials were not provided.' };

type HeadersOnly = { headers: Record<string, string | string[] | undefined> };

/** The 401 of a request without a usable access token: none at all, or one that failed. */
function unauthorized(request: HeadersOnly): UnauthorizedException {
  return new UnauthorizedException(
    tokenFromHeader(request) ? { detail: AUTH_MESSAGES.givenTokenNotValid, code: TOKEN_NOT_VALID } : NOT_AUTHENTICATED,
  );
}

/** Signed-in users only: 401 without a valid access token. */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<T>(error: unknown, user: T, _info: unknown, context: ExecutionContext): T {
    // passport-jwt reports a bad token as "no user"; an error is the account lookup failing
    // (the database away), which the exception filter answers with 503. Reporting it as a bad
    // token would make the client drop its tokens (DESIGN.md §7).
    if (error) throw error;
    // No token at all, or one that failed (bad signature, expired, wrong type, dead account).
    if (!user) throw unauthorized(context.switchToHttp().getRequest<HeadersOnly>());
    return user;
  }
}

/** An access token that is genuine and unexpired; its account is not looked up yet. */
export interface VerifiedAccess {
  userId: number;
  /** `iat`: whole seconds, compared with the account's credentials_changed_at. */
  issuedAt: number;
}

/**
 * The token alone, for the most frequent signed-in call (save_positions, once a minute per
 * viewer): HS256 signature, expiry and type, with no account lookup and none of passport's
 * machinery. The route MUST check the account in its own statement (active, not changed since
 * `issuedAt`: `accountAcceptsToken` in the same transaction as its write), so a password change
 * or deactivation stops it at once, as JwtAuthGuard would; a database that is down fails that
 * statement, which answers 503, never 401.
 */
@Injectable()
export class AccessTokenGuard implements CanActivate {
  private readonly jwt: JwtService;

  constructor(config: AppConfig) {
    this.jwt = new JwtService({ secret: jwtKey(config.JWT_SECRET), verifyOptions: { algorithms: ['HS256'] } });
  }

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<HeadersOnly & { access?: VerifiedAccess }>();
    const token = tokenFromHeader(request);
    let claims: unknown = null;
    if (token) {
      try {
        claims = this.jwt.verify(token);
      } catch {
        // A bad signature, an expired or malformed token: the same 401 as JwtAuthGuard's.
      }
    }
    const access = accessClaimsOf(claims);
    if (!access) throw unauthorized(request);
    request.access = { userId: access.user_id, issuedAt: access.iat };
    return true;
  }
}

/** The token's account and time behind AccessTokenGuard. */
export const Access = createParamDecorator(
  (_data: unknown, context: ExecutionContext) => context.switchToHttp().getRequest<{ access: VerifiedAccess }>().access,
);

/** Public calls that behave better with a user (e.g. the owner sees their own items). */
@Injectable()
export class OptionalJwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<T>(error: unknown, user: T): T {
    // A bad token reads as anonymous; the account lookup failing is an outage, not "anonymous".
    if (error) throw error;
    return (user || null) as T;
  }
}

/**
 * Staff only: 401 anonymous, 403 signed-in non-staff, and 403 `otp_setup_required` for staff
 * without two-factor sign-in while STAFF_TOTP_REQUIRED is on. Use after JwtAuthGuard.
 */
@Injectable()
export class StaffGuard implements CanActivate {
  constructor(private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const user = context.switchToHttp().getRequest<{ user?: User }>().user;
    if (!user) throw new UnauthorizedException(NOT_AUTHENTICATED);
    if (!user.isStaff) throw new ForbiddenException({ message: "You don't have permission for this Action" });
    if (this.config.STAFF_TOTP_REQUIRED && !user.totpEnabledAt) {
      throw new ForbiddenException({ message: AUTH_MESSAGES.otpSetupRequired, code: OTP_CODES.setupRequired });
    }
    return true;
  }
}

/** The signed-in user (or null behind OptionalJwtAuthGuard). */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext) => context.switchToHttp().getRequest<{ user?: User }>().user ?? null,
);
