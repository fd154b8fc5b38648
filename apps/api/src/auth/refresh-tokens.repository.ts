import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, LessThan, Repository } from 'typeorm';
import { RefreshToken } from '@app/db';

/** The issued refresh tokens, one row per jti, grouped in families by login (rotation chain). */
@Injectable()
export class RefreshTokensRepository {
  constructor(@InjectRepository(RefreshToken) private readonly tokens: Repository<RefreshToken>) {}

  /**
   * A new login's first token. The person's rows that have expired go first: an expired token
   * fails its signature check before any row is read, so they only filled the table (one row
   * per renewal, every 5 minutes of use, for good).
   */
  async recordIssued(token: Pick<RefreshToken, 'jti' | 'family' | 'userId' | 'expiresAt'>): Promise<void> {
    await this.tokens.delete({ userId: token.userId, expiresAt: LessThan(new Date()) });
    await this.tokens.insert(token);
  }

  findByJti(jti: string): Promise<RefreshToken | null> {
    return this.tokens.findOneBy({ jti });
  }

  /**
   * Spends `jti` and records its successor in one transaction, so a database that fails
   * between the two never leaves the person with a spent token and no new one (their next
   * refresh would read as reuse and sign them out). Only a token neither spent nor revoked is
   * spent: of two requests racing with the same token exactly one wins (true), the other is
   * treated as reuse (false). The login's expired rows go in the same transaction, so a login
   * renewed for months keeps about a day of rows (JWT_REFRESH_TTL_SECONDS), not all of them.
   */
  async spendAndRecord(
    jti: string,
    successor: Pick<RefreshToken, 'jti' | 'family' | 'userId' | 'expiresAt'>,
  ): Promise<boolean> {
    return this.tokens.manager.transaction(async (manager) => {
      const spent = await manager.update(
        RefreshToken,
        { jti, usedAt: IsNull(), revokedAt: IsNull() },
        { usedAt: new Date() },
      );
      if ((spent.affected ?? 0) !== 1) return false;
      await manager.delete(RefreshToken, { family: successor.family, expiresAt: LessThan(new Date()) });
      await manager.insert(RefreshToken, successor);
      return true;
    });
  }

  /** The login's refresh token that is neither spent nor revoked (the newest, should there be two). */
  findLive(family: string): Promise<RefreshToken | null> {
    return this.tokens.findOne({
      where: { family, usedAt: IsNull(), revokedAt: IsNull() },
      order: { createdAt: 'DESC' },
    });
  }

  /** Reuse detected: every token of this login chain stops working, the thief's and the owner's. */
  async revokeFamily(family: string): Promise<void> {
    await this.tokens.update({ family, revokedAt: IsNull() }, { revokedAt: new Date() });
  }
}
