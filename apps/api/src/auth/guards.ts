import {
  createParamDecorator,
  ForbiddenException,
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { AppConfig } from '@app/config';
import { AUTH_MESSAGES, OTP_CODES, TOKEN_NOT_VALID } from '@app/contracts';
import type { User } from '@app/db';
import { tokenFromHeader } from './jwt.strategy.js';

const NOT_AUTHENTICATED = { detail: 'Authentication credentials were not provided.' };

/** Signed-in users only: 401 without a valid access token. */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<T>(error: unknown, user: T, _info: unknown, context: ExecutionContext): T {
    // passport-jwt reports a bad token as "no user"; an error is the account lookup failing
    // (the database away), which the exception filter answers with 503. Reporting it as a bad
    // token would make the client drop its tokens (DESIGN.md §7).
    if (error) throw error;
    if (!user) {
      // No token at all, or one that failed (bad signature, expired, wrong type, dead account).
      const request = context.switchToHttp().getRequest<{ headers: Record<string, string | string[] | undefined> }>();
      throw new UnauthorizedException(
        tokenFromHeader(request)
          ? { detail: 'Given token not valid for any token type', code: TOKEN_NOT_VALID }
          : NOT_AUTHENTICATED,
      );
    }
    return user;
  }
}

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
