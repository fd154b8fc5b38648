import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { RefreshToken } from '@app/db';

/** The issued refresh tokens, one row per jti, grouped in families by login (rotation chain). */
@Injectable()
export class RefreshTokensRepository {
  constructor(@InjectRepository(RefreshToken) private readonly tokens: Repository<RefreshToken>) {}

  async recordIssued(token: Pick<RefreshToken, 'jti' | 'family' | 'userId' | 'expiresAt'>): Promise<void> {
    await this.tokens.insert(token);
  }

  findByJti(jti: string): Promise<RefreshToken | null> {
    return this.tokens.findOneBy({ jti });
  }

  /**
   * Marks a token spent, only if it was neither spent nor revoked: of two requests racing with
   * the same token exactly one wins, the other is treated as reuse.
   */
  async markUsed(jti: string): Promise<boolean> {
    const result = await this.tokens.update({ jti, usedAt: IsNull(), revokedAt: IsNull() }, { usedAt: new Date() });
    return (result.affected ?? 0) === 1;
  }

  /** Reuse detected: every token of this login chain stops working, the thief's and the owner's. */
  async revokeFamily(family: string): Promise<void> {
    await this.tokens.update({ family, revokedAt: IsNull() }, { revokedAt: new Date() });
  }
}
