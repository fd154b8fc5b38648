import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The two-factor columns of `users` and the `totp_recovery_codes` rows. */
@Injectable()
export class TotpRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A new secret waiting for its first code; refused (false) once two-factor sign-in is on. */
  async setPendingSecret(userId: number, sealed: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `UPDATE users SET totp_secret = $2, totp_last_step = NULL
        WHERE id = $1 AND totp_enabled_at IS NULL RETURNING id`,
      [userId, sealed],
    );
    return rowCount(rows) === 1;
  }

  /**
   * Turns it on with the secret the code was checked against (not one replaced meanwhile) and
   * stores the recovery codes' hashes, in one transaction.
   */
  async enable(userId: number, sealed: string, step: number, codeHashes: string[]): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const rows: unknown[] = await manager.query(
        `UPDATE users SET totp_enabled_at = now(), totp_last_step = $3
          WHERE id = $1 AND totp_enabled_at IS NULL AND totp_secret = $2 RETURNING id`,
        [userId, sealed, step],
      );
      if (rowCount(rows) !== 1) return false;
      await manager.query(`DELETE FROM totp_recovery_codes WHERE user_id = $1`, [userId]);
      await manager.query(
        `INSERT INTO totp_recovery_codes (user_id, code_hash) SELECT $1, h FROM unnest($2::varchar[]) AS h`,
        [userId, codeHashes],
      );
      return true;
    });
  }

  /**
   * Accepts a TOTP time step once: atomically moves the account's last step forward, so the
   * same code sent twice (even at the same moment) signs in once.
   */
  async acceptStep(userId: number, step: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `UPDATE users SET totp_last_step = $2
        WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id`,
      [userId, step],
    );
    return rowCount(rows) === 1;
  }

  /** Spends a recovery code: true for exactly one caller. */
  async spendRecoveryCode(userId: number, codeHash: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `DELETE FROM totp_recovery_codes WHERE user_id = $1 AND code_hash = $2 RETURNING id`,
      [userId, codeHash],
    );
    return rowCount(rows) === 1;
  }

  async countRecoveryCodes(userId: number): Promise<number> {
    const rows: { n: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM totp_recovery_codes WHERE user_id = $1`,
      [userId],
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * Swaps every recovery code for new ones in one transaction, the account's row locked so two
   * regenerations (or one and a turn-off) take turns: the codes of the last one are the only
   * ones that work. False when two-factor sign-in was turned off meanwhile.
   */
  async replaceRecoveryCodes(userId: number, codeHashes: string[]): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const rows: unknown[] = await manager.query(
        `SELECT id FROM users WHERE id = $1 AND totp_enabled_at IS NOT NULL FOR UPDATE`,
        [userId],
      );
      if (rows.length !== 1) return false;
      await manager.query(`DELETE FROM totp_recovery_codes WHERE user_id = $1`, [userId]);
      await manager.query(
        `INSERT INTO totp_recovery_codes (user_id, code_hash) SELECT $1, h FROM unnest($2::varchar[]) AS h`,
        [userId, codeHashes],
      );
      return true;
    });
  }

  async disable(userId: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `UPDATE users SET totp_secret = NULL, totp_enabled_at = NULL, totp_last_step = NULL WHERE id = $1`,
        [userId],
      );
      await manager.query(`DELETE FROM totp_recovery_codes WHERE user_id = $1`, [userId]);
    });
  }
}

/** UPDATE/DELETE ... RETURNING answers [rows, count] through TypeORM's query(). */
function rowCount(result: unknown[]): number {
  return Array.isArray(result[0]) ? (result[0] as unknown[]).length : result.length;
}
