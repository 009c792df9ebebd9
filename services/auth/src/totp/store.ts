import { type EventData, recordEvent } from '@gatehouse/events';
import { inTransaction } from '@gatehouse/postgres';
import type { Pool } from 'pg';
import type { Sealed } from './secret-box';

/** A user's TOTP row (table totp_secrets, migrations/002_totp.sql). */
export interface TotpRecord {
  userId: string;
  sealed: Sealed;
  active: boolean;
  lastStep: number;
}

/** Where TOTP secrets and recovery codes live: Postgres, shared by every replica. */
export interface TotpStore {
  find(userId: string): Promise<TotpRecord | undefined>;
  /** Whether the user needs the second factor at login: one indexed lookup per login. */
  isActive(userId: string): Promise<boolean>;
  /** A new secret awaiting its first code; replaces an earlier one only while that is not active. False when active. */
  putPending(userId: string, sealed: Sealed): Promise<boolean>;
  /**
   * Marks the pending secret active at `step` and stores the recovery code hashes, in one transaction;
   * false when it is already active, gone, or `step` was used.
   */
  activate(userId: string, step: number, recoveryHashes: Buffer[]): Promise<boolean>;
  /** Records `step` as used; false when it (or a later one) already was: the replay refusal, atomic across replicas. */
  useStep(userId: string, step: number): Promise<boolean>;
  /** The hashes of the user's unused recovery codes. */
  unusedRecoveryHashes(userId: string): Promise<Buffer[]>;
  /** Marks one recovery code used; false when it already was (a concurrent use). */
  useRecoveryCode(userId: string, hash: Buffer): Promise<boolean>;
  /**
   * Replaces every recovery code of the user (used or not) with these, in one statement; false when
   * TOTP is not active (turned off meanwhile), and then nothing is stored.
   */
  replaceRecoveryCodes(userId: string, recoveryHashes: Buffer[]): Promise<boolean>;
  /** Turns TOTP off: the secret and its recovery codes are deleted. */
  remove(userId: string): Promise<boolean>;
  /** Stores the secret sealed again under the current key (rotation). */
  reseal(userId: string, sealed: Sealed): Promise<void>;
  /**
   * Up to `limit` rows sealed with another key than `keyId`, by user id after `afterUserId`: a page of
   * what a key rotation still has to seal again.
   */
  sealedWithOtherKey(keyId: string, afterUserId: string, limit: number): Promise<TotpRecord[]>;
  /**
   * Stores `sealed` only if the row still holds `was` (the same key and bytes): false when its user's
   * code, or another run, sealed it again meanwhile, or it was removed.
   */
  resealIfUnchanged(userId: string, was: Sealed, sealed: Sealed): Promise<boolean>;
}

interface Row {
  user_id: string;
  sealed_secret: Buffer;
  key_id: string;
  active: boolean;
  last_step: string;
}

const toRecord = (r: Row): TotpRecord => ({
  userId: r.user_id,
  sealed: { keyId: r.key_id, data: r.sealed_secret },
  active: r.active,
  lastStep: Number(r.last_step),
});

export class PgTotpStore implements TotpStore {
  constructor(private readonly pool: Pool) {}

  async find(userId: string): Promise<TotpRecord | undefined> {
    const { rows } = await this.pool.query<Row>(
      'SELECT user_id, sealed_secret, key_id, active, last_step FROM totp_secrets WHERE user_id = $1',
      [userId],
    );
    return rows[0] ? toRecord(rows[0]) : undefined;
  }

  async isActive(userId: string): Promise<boolean> {
    const { rowCount } = await this.pool.query('SELECT 1 FROM totp_secrets WHERE user_id = $1 AND active', [userId]);
    return (rowCount ?? 0) > 0;
  }

  async putPending(userId: string, sealed: Sealed): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `INSERT INTO totp_secrets (user_id, sealed_secret, key_id) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET sealed_secret = EXCLUDED.sealed_secret, key_id = EXCLUDED.key_id,
         last_step = 0, created_at = now()
       WHERE NOT totp_secrets.active`,
      [userId, sealed.data, sealed.keyId],
    );
    return (rowCount ?? 0) > 0;
  }

  async activate(userId: string, step: number, recoveryHashes: Buffer[]): Promise<boolean> {
    // The shared transaction: a connection that met a failover is destroyed, never pooled again.
    return inTransaction(this.pool, async (client) => {
      const { rowCount } = await client.query(
        `UPDATE totp_secrets SET active = true, activated_at = now(), last_step = $2
         WHERE user_id = $1 AND NOT active AND last_step < $2`,
        [userId, step],
      );
      if (!rowCount) return false; // nothing changed: the empty transaction commits as nothing
      await client.query('DELETE FROM totp_recovery_codes WHERE user_id = $1', [userId]);
      await client.query('INSERT INTO totp_recovery_codes (user_id, code_hash) SELECT $1, unnest($2::bytea[])', [
        userId,
        recoveryHashes,
      ]);
      // totp.enabled in the same transaction (@gatehouse/events).
      await recordEvent(client, userEvent(userId, 'totp.enabled', {}));
      return true;
    });
  }

  async useStep(userId: string, step: number): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      'UPDATE totp_secrets SET last_step = $2 WHERE user_id = $1 AND last_step < $2',
      [userId, step],
    );
    return (rowCount ?? 0) > 0;
  }

  async unusedRecoveryHashes(userId: string): Promise<Buffer[]> {
    const { rows } = await this.pool.query<{ code_hash: Buffer }>(
      'SELECT code_hash FROM totp_recovery_codes WHERE user_id = $1 AND used_at IS NULL',
      [userId],
    );
    return rows.map((r) => r.code_hash);
  }

  async useRecoveryCode(userId: string, hash: Buffer): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      'UPDATE totp_recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL',
      [userId, hash],
    );
    return (rowCount ?? 0) > 0;
  }

  async replaceRecoveryCodes(userId: string, recoveryHashes: Buffer[]): Promise<boolean> {
    // One statement, one snapshot: the active row is locked, so a concurrent removal waits for it (and
    // then deletes these codes with the secret) or comes first (and nothing is inserted).
    // With its event (totp.recovery_codes_renewed) in the same transaction.
    return inTransaction(this.pool, async (client) => {
      const { rowCount } = await client.query(
        `WITH owner AS (SELECT user_id FROM totp_secrets WHERE user_id = $1 AND active FOR UPDATE),
              gone AS (DELETE FROM totp_recovery_codes WHERE user_id IN (SELECT user_id FROM owner))
         INSERT INTO totp_recovery_codes (user_id, code_hash) SELECT owner.user_id, unnest($2::bytea[]) FROM owner`,
        [userId, recoveryHashes],
      );
      if (!rowCount) return false;
      await recordEvent(client, userEvent(userId, 'totp.recovery_codes_renewed', { count: recoveryHashes.length }));
      return true;
    });
  }

  async remove(userId: string): Promise<boolean> {
    // totp.disabled with the removal (a pending setup that never turned on is no event).
    return inTransaction(this.pool, async (client) => {
      const { rows } = await client.query<{ active: boolean }>(
        'DELETE FROM totp_secrets WHERE user_id = $1 RETURNING active',
        [userId],
      );
      if (rows.length === 0) return false;
      if (rows[0]?.active) await recordEvent(client, userEvent(userId, 'totp.disabled', {}));
      return true;
    });
  }

  async sealedWithOtherKey(keyId: string, afterUserId: string, limit: number): Promise<TotpRecord[]> {
    const { rows } = await this.pool.query<Row>(
      `SELECT user_id, sealed_secret, key_id, active, last_step FROM totp_secrets
        WHERE key_id <> $1 AND user_id > $2 ORDER BY user_id LIMIT $3`,
      [keyId, afterUserId, limit],
    );
    return rows.map(toRecord);
  }

  async resealIfUnchanged(userId: string, was: Sealed, sealed: Sealed): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `UPDATE totp_secrets SET sealed_secret = $4, key_id = $5
        WHERE user_id = $1 AND key_id = $2 AND sealed_secret = $3`,
      [userId, was.keyId, was.data, sealed.data, sealed.keyId],
    );
    return (rowCount ?? 0) > 0;
  }

  async reseal(userId: string, sealed: Sealed): Promise<void> {
    await this.pool.query('UPDATE totp_secrets SET sealed_secret = $2, key_id = $3 WHERE user_id = $1', [
      userId,
      sealed.data,
      sealed.keyId,
    ]);
  }
}

/** An event of the user's own change to their second factor. */
function userEvent<T extends 'totp.enabled' | 'totp.disabled' | 'totp.recovery_codes_renewed'>(
  userId: string,
  type: T,
  data: EventData<T>,
) {
  return { type, actor: { kind: 'user' as const, id: userId }, subjectUser: userId, data };
}
