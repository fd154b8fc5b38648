import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, QueryFailedError, Repository } from 'typeorm';
import { RefreshToken, User } from '@app/db';

/** The built-in guest's address: it fails the registration e-mail pattern, so nobody can claim it. */
export const GUEST_EMAIL = 'guest@guest';

export class EmailTakenError extends Error {}

export interface NewUser {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  mobileNumber: string;
  givesPermission: boolean;
}

export type ProfileChanges = Partial<Pick<User, 'firstName' | 'lastName' | 'mobileNumber' | 'givesPermission'>>;

const isUniqueViolation = (error: unknown) =>
  error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23505';

/** Every read and write of accounts, named by intent. */
@Injectable()
export class UsersRepository {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly dataSource: DataSource,
  ) {}

  findById(id: number): Promise<User | null> {
    return this.users.findOneBy({ id });
  }

  /** E-mail is unique ignoring case (the lower(email) index), so match it the same way. */
  findByEmail(email: string): Promise<User | null> {
    return this.users.createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getOne();
  }

  /** Inserts an inactive account; EmailTakenError when the address exists in any case. */
  async createInactive(data: NewUser): Promise<User> {
    try {
      return await this.users.save(this.users.create({ ...data, isActive: false, isStaff: false, isGuest: false }));
    } catch (error) {
      if (isUniqueViolation(error)) throw new EmailTakenError();
      throw error;
    }
  }

  /** Undoes a registration whose activation e-mail could not be sent. */
  async deleteNeverActivated(id: number): Promise<void> {
    await this.users.delete({ id, isActive: false });
  }

  /** True when this call activated the account (false if it already was: a second click). */
  async activate(id: number): Promise<boolean> {
    const result = await this.users.update({ id, isActive: false }, { isActive: true });
    return (result.affected ?? 0) === 1;
  }

  async recordLogin(id: number): Promise<void> {
    await this.users.update({ id }, { lastLogin: new Date() });
  }

  /**
   * Sets a new password only if the old hash is still in place, so two uses of one reset link
   * racing each other change it once. Refresh tokens issued before are revoked in the same
   * transaction.
   */
  async replacePassword(id: number, previousHash: string, newHash: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const now = new Date();
      const result = await manager.update(
        User,
        { id, passwordHash: previousHash },
        { passwordHash: newHash, credentialsChangedAt: now, lastLogin: now },
      );
      if ((result.affected ?? 0) !== 1) return false;
      await manager
        .createQueryBuilder()
        .update(RefreshToken)
        .set({ revokedAt: now })
        .where('user_id = :id AND revoked_at IS NULL', { id })
        .execute();
      return true;
    });
  }

  /** The account page's own details; answers the account as it is now (null if it is gone). */
  async updateProfile(id: number, changes: ProfileChanges): Promise<User | null> {
    if (Object.keys(changes).length > 0) await this.users.update({ id, isGuest: false }, changes);
    return this.findById(id);
  }

  /**
   * Deletes a viewer's account if its password is still `passwordHash` (a change racing the
   * deletion wins), never staff or the guest. Its personal playlists, watch positions, refresh
   * tokens and recovery codes go with it (ON DELETE CASCADE on every table that names a user).
   */
  async deleteViewer(id: number, passwordHash: string): Promise<boolean> {
    const result = await this.users.delete({ id, passwordHash, isStaff: false, isGuest: false });
    return (result.affected ?? 0) === 1;
  }

  /** Deactivation (for admin tools): the account stops logging in and its refresh tokens die. */
  async deactivate(id: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const now = new Date();
      await manager.update(User, { id }, { isActive: false, credentialsChangedAt: now });
      await manager
        .createQueryBuilder()
        .update(RefreshToken)
        .set({ revokedAt: now })
        .where('user_id = :id AND revoked_at IS NULL', { id })
        .execute();
    });
  }

  /** The built-in guest account, created on first use (concurrent first uses create it once). */
  async findOrCreateGuest(unusablePasswordHash: string): Promise<User> {
    const existing = await this.users.findOneBy({ isGuest: true });
    if (existing) return existing;
    await this.users
      .createQueryBuilder()
      .insert()
      .values({
        email: GUEST_EMAIL,
        passwordHash: unusablePasswordHash,
        firstName: '',
        lastName: '',
        isActive: true,
        isGuest: true,
      })
      .orIgnore()
      .execute();
    return this.users.findOneByOrFail({ isGuest: true });
  }
}
