import { createHash, randomInt, randomUUID } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { generateSecret, generateURI, verify } from 'otplib';
import { PasswordHasher } from '@app/common';
import { AppConfig } from '@app/config';
import { AUTH_MESSAGES, OTP_CODES } from '@app/contracts';
import type { User } from '@app/db';
import { UsersRepository } from '../users/users.repository.js';
import {
  issuedBeforeCredentialsChange,
  JwtTokensService,
  TokenNotValidException,
  type TokenPair,
} from './jwt-tokens.service.js';
import { RateLimiter } from './rate-limiter.js';
import { TotpRepository } from './totp.repository.js';
import { TotpSecrets } from './totp-secrets.js';

/** What jwt/create answers instead of tokens when the account has two-factor sign-in on. */
export interface OtpChallenge {
  otp_required: true;
  otp_token: string;
}

export interface TotpSetup {
  secret: string;
  otpauth_url: string;
}

/** How long the step between password and code may take. */
const CHALLENGE_SECONDS = 300;
const ISSUER = 'CUVIEW TV';
const RECOVERY_CODES = 10;
/** No 0/o, 1/l/i: recovery codes are read off paper. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** RFC 6238 allows for clock drift; one 30 s step either side. */
const DRIFT_SECONDS = 30;

interface ChallengeClaims {
  token_type: 'otp';
  user_id: number;
  jti: string;
  iat: number;
  exp: number;
}

const wrongCode = () => new UnauthorizedException({ detail: AUTH_MESSAGES.otpWrong, code: OTP_CODES.wrong });

/**
 * Inside a signed-in session (confirm, disable, new recovery codes) a wrong code is a 400, not
 * the sign-in's 401: the session is fine, and a 401 makes the client refresh its token and send
 * the same wrong code again, counted twice against the limit.
 */
async function wrongCodeIsBadRequest<T>(check: Promise<T>): Promise<T> {
  try {
    return await check;
  } catch (error) {
    if (error instanceof UnauthorizedException) {
      throw new BadRequestException({ message: AUTH_MESSAGES.otpWrong, code: OTP_CODES.wrong });
    }
    throw error;
  }
}

/**
 * Two-factor sign-in (TOTP, RFC 6238, with otplib; single-use recovery codes): enrolment, the
 * code step of a login, and turning it off. Secrets are stored sealed (TotpSecrets) and shown
 * once, at setup; recovery codes are stored as SHA-256 hashes and shown once, at enrolment.
 * Every code check takes a place in the account's code limit first (RateLimiter).
 */
@Injectable()
export class TotpService {
  constructor(
    private readonly config: AppConfig,
    private readonly jwt: JwtService,
    private readonly jwtTokens: JwtTokensService,
    private readonly users: UsersRepository,
    private readonly repository: TotpRepository,
    private readonly secrets: TotpSecrets,
    private readonly limiter: RateLimiter,
    private readonly hasher: PasswordHasher,
  ) {}

  isRequired(user: Pick<User, 'isStaff'>): boolean {
    return this.config.STAFF_TOTP_REQUIRED && user.isStaff;
  }

  /** The password was right and the account has a second factor: a short-lived ticket to the code step. */
  challenge(user: User): OtpChallenge {
    const now = Math.floor(Date.now() / 1000);
    const claims: ChallengeClaims = {
      token_type: 'otp',
      user_id: user.id,
      jti: randomUUID(),
      iat: now,
      exp: now + CHALLENGE_SECONDS,
    };
    return { otp_required: true, otp_token: this.jwt.sign(claims, { algorithm: 'HS256' }) };
  }

  /** jwt/otp: the ticket and a code (TOTP or recovery) give the login's tokens. */
  async completeLogin(otpToken: string, code: string): Promise<TokenPair> {
    const claims = this.decodeChallenge(otpToken);
    const user = await this.users.findById(claims.user_id);
    if (!user?.isActive || !user.totpEnabledAt || !user.totpSecret || issuedBeforeCredentialsChange(claims, user)) {
      throw new TokenNotValidException();
    }
    await this.checkCode(user, user.totpSecret, code);
    await this.users.recordLogin(user.id);
    return this.jwtTokens.issuePair(user);
  }

  /** A fresh secret for the authenticator app; replaces one not confirmed yet. */
  async setup(user: User): Promise<TotpSetup> {
    if (user.isGuest) throw new ForbiddenException({ message: 'The guest account cannot have two-factor sign-in' });
    const secret = generateSecret();
    if (!(await this.repository.setPendingSecret(user.id, this.secrets.seal(secret)))) throw alreadyOn();
    return { secret, otpauth_url: generateURI({ issuer: ISSUER, label: user.email, secret }) };
  }

  /** The first code from the app turns it on; answers the recovery codes, shown this once. */
  async confirm(user: User, code: string): Promise<{ recovery_codes: string[] }> {
    if (user.totpEnabledAt) throw alreadyOn();
    if (!user.totpSecret) {
      throw new NotFoundException({ message: 'Start the setup first: there is no secret to confirm' });
    }
    const step = await wrongCodeIsBadRequest(this.checkTotp(user, user.totpSecret, code));
    const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
    if (!(await this.repository.enable(user.id, user.totpSecret, step, codes.map(hashRecoveryCode)))) {
      // Enabled or restarted by another session meanwhile.
      throw new ConflictException({ message: 'The setup changed meanwhile: please start it again' });
    }
    await this.limiter.codeAccepted(user.id);
    return { recovery_codes: codes };
  }

  /** Turning it off takes a current code; refused for staff while configuration requires it. */
  async disable(user: User, code: string): Promise<void> {
    if (!user.totpEnabledAt || !user.totpSecret) throw new NotFoundException({ message: 'Two-factor sign-in is off' });
    if (this.isRequired(user)) {
      throw new ForbiddenException({ message: 'Staff accounts must keep two-factor sign-in on' });
    }
    await wrongCodeIsBadRequest(this.checkCode(user, user.totpSecret, code));
    await this.repository.disable(user.id);
  }

  /**
   * Ten new recovery codes for an account with two-factor sign-in on, proven by a current code
   * of the app (each time step once) or the password, counted like any code check. The old
   * codes stop working in the same transaction; the new ones are answered this once. A wrong
   * proof is a 400 (wrongCodeIsBadRequest).
   */
  async regenerateRecoveryCodes(
    user: User,
    proof: { code?: string; password?: string },
  ): Promise<{ recovery_codes: string[] }> {
    if (!user.totpEnabledAt || !user.totpSecret) throw new NotFoundException({ message: 'Two-factor sign-in is off' });
    if (proof.password !== undefined) {
      await this.limiter.reserveCodeCheck(user.id);
      if (!(await this.hasher.verify(proof.password, user.passwordHash))) {
        throw new BadRequestException({ message: 'That password is not right', code: 'password_wrong' });
      }
    } else {
      const code = (proof.code ?? '').replace(/\s+/g, '');
      if (!/^\d{6}$/.test(code)) {
        throw new BadRequestException({ message: 'Enter the 6-digit code the app shows now, or your password' });
      }
      await wrongCodeIsBadRequest(
        (async () => {
          const step = await this.checkTotp(user, user.totpSecret!, code);
          if (!(await this.repository.acceptStep(user.id, step))) throw wrongCode();
        })(),
      );
    }
    await this.limiter.codeAccepted(user.id);
    const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
    if (!(await this.repository.replaceRecoveryCodes(user.id, codes.map(hashRecoveryCode)))) {
      throw new NotFoundException({ message: 'Two-factor sign-in is off' });
    }
    return { recovery_codes: codes };
  }

  async status(user: User): Promise<{ enabled: boolean; required: boolean; recovery_codes_left: number }> {
    return {
      enabled: Boolean(user.totpEnabledAt),
      required: this.isRequired(user),
      recovery_codes_left: user.totpEnabledAt ? await this.repository.countRecoveryCodes(user.id) : 0,
    };
  }

  /** A TOTP code (each time step once) or an unspent recovery code; counted first. */
  private async checkCode(user: User, sealed: string, code: string): Promise<void> {
    const digits = code.replace(/\s+/g, '');
    if (/^\d{6}$/.test(digits)) {
      const step = await this.checkTotp(user, sealed, digits);
      if (!(await this.repository.acceptStep(user.id, step))) throw wrongCode();
      await this.limiter.codeAccepted(user.id);
      return;
    }
    await this.limiter.reserveCodeCheck(user.id);
    if (!(await this.repository.spendRecoveryCode(user.id, hashRecoveryCode(code)))) {
      throw wrongCode();
    }
    await this.limiter.codeAccepted(user.id);
  }

  /** Counts the guess, then compares; answers the matched time step. */
  private async checkTotp(user: User, sealed: string, code: string): Promise<number> {
    await this.limiter.reserveCodeCheck(user.id);
    const secret = this.secrets.open(sealed);
    if (!secret || !/^\d{6}$/.test(code.replace(/\s+/g, ''))) throw wrongCode();
    const result = await verify({
      secret,
      token: code.replace(/\s+/g, ''),
      epochTolerance: DRIFT_SECONDS,
      ...(user.totpLastStep !== null ? { afterTimeStep: user.totpLastStep } : {}),
    });
    // The TOTP strategy's answer carries the matched step (the HOTP one, in the same union, does not).
    if (!result.valid || !('timeStep' in result)) throw wrongCode();
    return result.timeStep;
  }

  private decodeChallenge(token: string): ChallengeClaims {
    let claims: Partial<ChallengeClaims>;
    try {
      claims = this.jwt.verify(token, { algorithms: ['HS256'] });
    } catch {
      throw new TokenNotValidException();
    }
    if (claims?.token_type !== 'otp' || !Number.isSafeInteger(claims.user_id) || !Number.isInteger(claims.iat)) {
      throw new TokenNotValidException();
    }
    return claims as ChallengeClaims;
  }
}

const alreadyOn = () => new ConflictException({ message: 'Two-factor sign-in is already on for this account' });

/** `abcde-fghjk`: ten characters, about 49 bits. */
function recoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** Random codes of ~49 bits need no slow hash; case, spaces and dashes do not matter. */
function hashRecoveryCode(code: string): string {
  return createHash('sha256')
    .update(code.toLowerCase().replace(/[\s-]+/g, ''))
    .digest('hex');
}
