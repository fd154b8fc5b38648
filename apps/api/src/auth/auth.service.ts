import {
  ForbiddenException,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
  UnauthorizedException,
} from '@nestjs/common';
import { AppConfig } from '@app/config';
import { AUTH_LIMITS, AUTH_MESSAGES } from '@app/contracts';
import type { User } from '@app/db';
import { MailService } from '../mail/mail.service.js';
import { UserDto } from '../users/user.dto.js';
import { EmailTakenError, UsersRepository } from '../users/users.repository.js';
import { activationMail, passwordResetMail } from './account-mail.js';
import { AccountTokens, decodeUid, encodeUid } from './account-tokens.js';
import { FieldErrorsException } from './auth-body.js';
import { JwtTokensService, type TokenPair } from './jwt-tokens.service.js';
import { PasswordHasher, UNUSABLE_PASSWORD_PREFIX } from '@app/common';
import { RateLimiter } from './rate-limiter.js';
import { assertPasswordAllowed } from './register.dto.js';
import { TotpService, type OtpChallenge } from './totp.service.js';

export interface RegisterInput {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  mobile_number: string;
  gives_permission?: boolean;
}

export interface ResetConfirmInput {
  uid: string;
  token: string;
  new_password: string;
  re_new_password: string;
}

const emailTaken = () => new FieldErrorsException({ email: [AUTH_MESSAGES.emailTaken] });
const invalidUid = () => new FieldErrorsException({ uid: [AUTH_MESSAGES.invalidUid] });
const invalidToken = () => new FieldErrorsException({ token: [AUTH_MESSAGES.invalidToken] });

/** djoser + SimpleJWT behaviour (DESIGN.md §7): registration, activation, login, reset. */
@Injectable()
export class AuthService {
  private readonly logger = new Logger('Auth');

  constructor(
    private readonly config: AppConfig,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly accountTokens: AccountTokens,
    private readonly jwtTokens: JwtTokensService,
    private readonly limiter: RateLimiter,
    private readonly mail: MailService,
    private readonly totp: TotpService,
  ) {}

  async register(input: RegisterInput, ip: string): Promise<UserDto> {
    // Counted before the lookup: "already exists" tells whether an e-mail has an account.
    await this.limiter.countRegistration(ip);
    if (await this.users.findByEmail(input.email)) throw emailTaken();
    const passwordHash = await this.hasher.hash(input.password);
    let user: User;
    try {
      user = await this.users.createInactive({
        email: input.email,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        mobileNumber: input.mobile_number,
        givesPermission: input.gives_permission ?? false,
      });
    } catch (error) {
      if (error instanceof EmailTakenError) throw emailTaken();
      throw error;
    }
    const link = this.link('activate', user, this.accountTokens.make('activation', user));
    try {
      await this.mail.send(activationMail(user.email, user.firstName, link));
    } catch (error) {
      // Without the e-mail the account could never be activated: undo it so the person can retry.
      this.logger.error(`activation e-mail to user ${user.id} failed: ${(error as Error).message}`);
      await this.users.deleteNeverActivated(user.id);
      throw new ServiceUnavailableException({
        message: 'The activation e-mail could not be sent, please try again later',
      });
    }
    return UserDto.from(user);
  }

  async activate(uid: string, token: string): Promise<void> {
    const user = await this.userFromUid(uid);
    if (user.isActive) {
      // A link that was valid before this account was activated: djoser's "stale" answer.
      const wasValid = this.accountTokens.check('activation', { ...user, isActive: false }, token);
      if (wasValid) throw new ForbiddenException({ detail: AUTH_MESSAGES.staleActivation });
      throw invalidToken();
    }
    if (!this.accountTokens.check('activation', user, token)) throw invalidToken();
    if (!(await this.users.activate(user.id))) throw new ForbiddenException({ detail: AUTH_MESSAGES.staleActivation });
  }

  /** Sends the activation link again to an inactive account; silent otherwise (no enumeration). */
  async resendActivation(email: string, ip: string): Promise<void> {
    await this.limiter.countEmailRequest({ email, ip });
    const user = await this.users.findByEmail(email);
    if (!user || user.isActive || user.isGuest) return;
    const link = this.link('activate', user, this.accountTokens.make('activation', user));
    this.sendInBackground(activationMail(user.email, user.firstName, link));
  }

  /**
   * One answer for a wrong password, an unknown e-mail and an inactive account, in the same
   * time (a dummy hash runs when there is no usable password to check). An account with
   * two-factor sign-in gets a ticket to the code step (jwt/otp) instead of tokens.
   */
  async login(email: string, password: string, ip: string): Promise<TokenPair | OtpChallenge> {
    // Every limit is taken before the slow hash, so parallel guesses cannot all be checked.
    const reservation = await this.limiter.reserveLogin({ email, ip });
    const user = await this.users.findByEmail(email);
    const checkable = user && !user.isGuest && !user.passwordHash.startsWith(UNUSABLE_PASSWORD_PREFIX);
    const passwordOk = checkable
      ? await this.hasher.verify(password, user.passwordHash)
      : await this.hasher.verifyDummy(password);
    // A failure keeps its reserved places: they are the count.
    if (!user || !passwordOk || !user.isActive) throw new UnauthorizedException({ detail: AUTH_MESSAGES.loginFailed });
    await this.limiter.loginSucceeded(reservation);
    // Two-factor sign-in: the password was right; the code step (its own limit) gives the tokens.
    if (user.totpEnabledAt) return this.totp.challenge(user);
    await this.users.recordLogin(user.id);
    return this.jwtTokens.issuePair(user);
  }

  refresh(refresh: string): Promise<TokenPair> {
    return this.jwtTokens.rotate(refresh);
  }

  verify(token: string): Promise<void> {
    return this.jwtTokens.verify(token);
  }

  async guest(ip: string): Promise<TokenPair> {
    if (!this.config.GUEST_ENABLED) {
      throw new NotFoundException({ detail: 'Guest access is disabled.', message: 'Guest access is disabled.' });
    }
    await this.limiter.countGuestLogin(ip);
    const guest = await this.users.findOrCreateGuest(this.hasher.unusable());
    if (!guest.isActive) throw new UnauthorizedException({ detail: AUTH_MESSAGES.loginFailed });
    return this.jwtTokens.issuePair(guest);
  }

  /** Always 204 to the caller: whether the e-mail belongs to an account is never revealed. */
  async requestPasswordReset(email: string, ip: string): Promise<void> {
    await this.limiter.countEmailRequest({ email, ip });
    const user = await this.users.findByEmail(email);
    if (!user?.isActive || user.isGuest) return;
    const link = this.link('password-reset', user, this.accountTokens.make('password-reset', user));
    this.sendInBackground(passwordResetMail(user.email, link));
  }

  async confirmPasswordReset(input: ResetConfirmInput): Promise<void> {
    const user = await this.userFromUid(input.uid);
    if (!user.isActive || !this.accountTokens.check('password-reset', user, input.token)) throw invalidToken();
    if (input.new_password.length < AUTH_LIMITS.passwordMinLength) {
      throw new FieldErrorsException({ new_password: [AUTH_MESSAGES.newPasswordLength] });
    }
    assertPasswordAllowed('new_password', input.new_password, user);
    if (input.new_password !== input.re_new_password) {
      throw new FieldErrorsException({ non_field_errors: [AUTH_MESSAGES.passwordMismatch] });
    }
    const newHash = await this.hasher.hash(input.new_password);
    // Changing the hash (and last_login) spends the token; existing refresh tokens are revoked.
    if (!(await this.users.replacePassword(user.id, user.passwordHash, newHash))) throw invalidToken();
  }

  private async userFromUid(uid: string): Promise<User> {
    const id = decodeUid(uid);
    const user = id === null ? null : await this.users.findById(id);
    if (!user || user.isGuest) throw invalidUid();
    return user;
  }

  private link(page: 'activate' | 'password-reset', user: User, token: string): string {
    return `${this.config.PUBLIC_URL.replace(/\/+$/, '')}/${page}/${encodeUid(user.id)}/${token}`;
  }

  /**
   * Reset and resend answers must not take longer for real accounts than for unknown ones, so
   * their e-mail leaves after the answer; a failure is logged.
   */
  private sendInBackground(mail: Parameters<MailService['send']>[0]): void {
    void this.mail
      .send(mail)
      .catch((error: Error) => this.logger.error(`e-mail to ${mail.to} failed: ${error.message}`));
  }
}
