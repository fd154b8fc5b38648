import { ForbiddenException, Injectable } from '@nestjs/common';
import { PasswordHasher, UNUSABLE_PASSWORD_PREFIX } from '@app/common';
import { AUTH_MESSAGES } from '@app/contracts';
import type { User } from '@app/db';
import { CurrentUserDto } from '../users/user.dto.js';
import { UsersRepository, type ProfileChanges } from '../users/users.repository.js';
import { FieldErrorsException } from './auth-body.js';
import { RateLimiter } from './rate-limiter.js';
import { assertPasswordAllowed } from './register.dto.js';
import { TotpService } from './totp.service.js';

export interface UpdateMeInput {
  first_name?: string;
  last_name?: string;
  mobile_number?: string;
  gives_permission?: boolean;
}

export interface SetPasswordInput {
  current_password: string;
  new_password: string;
  re_new_password: string;
}

const invalidPassword = () => new FieldErrorsException({ current_password: [AUTH_MESSAGES.invalidPassword] });

/**
 * The signed-in account's own page: its details, its password, deleting it. Every check of the
 * current password is a password guess, counted like a login's (RateLimiter.reserveLogin).
 */
@Injectable()
export class MeService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly limiter: RateLimiter,
    private readonly totp: TotpService,
  ) {}

  async update(user: User, input: UpdateMeInput): Promise<CurrentUserDto> {
    assertOwnAccount(user);
    const changes: ProfileChanges = {};
    if (input.first_name !== undefined) changes.firstName = input.first_name;
    if (input.last_name !== undefined) changes.lastName = input.last_name;
    if (input.mobile_number !== undefined) changes.mobileNumber = input.mobile_number;
    if (input.gives_permission !== undefined) changes.givesPermission = input.gives_permission;
    const updated = (await this.users.updateProfile(user.id, changes)) ?? user;
    return CurrentUserDto.from(updated, this.totp.isRequired(updated));
  }

  /**
   * djoser's set_password. The new hash replaces the one the current password was checked
   * against (a concurrent change wins once); credentials_changed_at moves, so every access
   * and refresh token issued before stops working: other devices are signed out.
   */
  async setPassword(user: User, input: SetPasswordInput, ip: string): Promise<void> {
    assertOwnAccount(user);
    // Before the current password: a new password that is refused anyway costs no guess.
    assertPasswordAllowed('new_password', input.new_password, user);
    await this.checkCurrentPassword(user, input.current_password, ip);
    const newHash = await this.hasher.hash(input.new_password);
    if (!(await this.users.replacePassword(user.id, user.passwordHash, newHash))) throw invalidPassword();
  }

  /** Deletes a viewer's account and everything personal with it (see UsersRepository.deleteViewer). */
  async delete(user: User, currentPassword: string, ip: string): Promise<void> {
    assertOwnAccount(user);
    // Decided before the password is checked: no guess is spent on an answer that cannot change.
    if (user.isStaff) throw new ForbiddenException({ message: AUTH_MESSAGES.staffAccountDelete });
    await this.checkCurrentPassword(user, currentPassword, ip);
    if (!(await this.users.deleteViewer(user.id, user.passwordHash))) throw invalidPassword();
  }

  /**
   * The login limits, taken before the hash (so 50 parallel guesses get no more checks than 50
   * logins would) and given back when the password is right. 429 past them, 503 without Redis.
   */
  private async checkCurrentPassword(user: User, password: string, ip: string): Promise<void> {
    const reservation = await this.limiter.reserveLogin({ email: user.email, ip });
    const usable = !user.passwordHash.startsWith(UNUSABLE_PASSWORD_PREFIX);
    const ok = usable ? await this.hasher.verify(password, user.passwordHash) : await this.hasher.verifyDummy(password);
    if (!ok) throw invalidPassword();
    await this.limiter.loginSucceeded(reservation);
  }
}

/** The shared guest account (the auth=1 link) may watch, never change or delete itself. */
function assertOwnAccount(user: User): void {
  if (user.isGuest) throw new ForbiddenException({ message: AUTH_MESSAGES.guestAccountLocked });
}
