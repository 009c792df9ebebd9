import { recordEvent } from '@gatehouse/events';
import { inTransaction } from '@gatehouse/postgres';
import type { Pool } from 'pg';
import { identityFromRow, rederiveEmail, type StoredIdentity } from './store';

/** A user's row (table users, 003_directory.sql). */
export interface StoredUser {
  id: string;
  name: string;
  email: string | null;
  emailVerifiedBy: string | null;
  status: 'active' | 'blocked';
  blockReason: string | null;
  createdAt: Date;
  updatedAt: Date;
  lastLoginAt: Date | null;
  /** created_at in microseconds since the epoch (a decimal string): the newest-first keyset. */
  createdUs?: string;
}

export interface UserQuery {
  /** Name or email prefix (case-insensitive), or an exact user or identity id; '' for everyone. */
  text: string;
  status: '' | 'active' | 'blocked';
  provider: string;
  limit: number;
  /** Only users whose id sorts after this one (keyset paging); '' for the first page. */
  after: string;
  /** Newest first instead of id order; `before` is then the keyset (created_at in µs, and id). */
  newest?: boolean;
  before?: { createdUs: string; id: string };
}

export interface StoredPasskeyMeta {
  id: string;
  transports: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
}

const USER_COLUMNS = 'id, name, email, email_verified_by, status, block_reason, created_at, updated_at, last_login_at';

function userFromRow(r: Record<string, unknown>): StoredUser {
  return {
    id: r.id as string,
    name: r.name as string,
    email: (r.email as string | null) ?? null,
    emailVerifiedBy: (r.email_verified_by as string | null) ?? null,
    status: r.status as 'active' | 'blocked',
    blockReason: (r.block_reason as string | null) ?? null,
    createdAt: r.created_at as Date,
    updatedAt: r.updated_at as Date,
    lastLoginAt: (r.last_login_at as Date | null) ?? null,
    ...(r.created_us === undefined ? {} : { createdUs: String(r.created_us) }),
  };
}

/** LIKE's own characters taken literally: a search for "a_b" finds "a_b", not "axb". */
const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The directory's administration queries. */
export class PgDirectoryAdminStore {
  constructor(private readonly pool: Pool) {}

  /**
   * One page of users in id order. Each condition is added only when asked for, so each one the
   * planner sees can use its index (the prefix indexes on lower(name) and lower(email), the primary
   * keys, identities_provider); paging is by id, never an offset.
   */
  async search(q: UserQuery): Promise<StoredUser[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    const param = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    if (q.text) {
      const exact = param(q.text);
      const prefix = param(likePrefix(q.text));
      where.push(
        `(id = ${exact} OR id IN (SELECT user_id FROM identities WHERE id = ${exact})` +
          ` OR lower(name) LIKE ${prefix} OR lower(email) LIKE ${prefix})`,
      );
    }
    if (q.status) where.push(`status = ${param(q.status)}`);
    if (q.provider)
      where.push(
        `EXISTS (SELECT 1 FROM identities i WHERE i.user_id = users.id AND i.provider = ${param(q.provider)})`,
      );
    if (q.after && !q.newest) where.push(`id > ${param(q.after)}`);
    // Microseconds, exact: a timestamp through a JS Date would lose them and skip or repeat a row.
    if (q.newest && q.before)
      where.push(
        `(created_at, id) < ('epoch'::timestamptz + ${param(q.before.createdUs)}::bigint * interval '1 microsecond', ${param(q.before.id)})`,
      );
    const order = q.newest ? 'created_at DESC, id DESC' : 'id';
    const sql =
      `SELECT ${USER_COLUMNS}, (extract(epoch FROM created_at) * 1000000)::bigint AS created_us FROM users` +
      (where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '') +
      ` ORDER BY ${order} LIMIT ${param(q.limit)}`;
    const { rows } = await this.pool.query(sql, params);
    return rows.map(userFromRow);
  }

  async user(id: string): Promise<StoredUser | undefined> {
    const { rows } = await this.pool.query(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
    return rows[0] && userFromRow(rows[0]);
  }

  async identities(userId: string): Promise<StoredIdentity[]> {
    const { rows } = await this.pool.query(
      `SELECT id, user_id, provider, name, email, email_verified, created_at, last_login_at
       FROM identities WHERE user_id = $1 ORDER BY created_at, id`,
      [userId],
    );
    return rows.map(identityFromRow);
  }

  /** Passkey metadata: never the public key. */
  async passkeys(userId: string): Promise<StoredPasskeyMeta[]> {
    const { rows } = await this.pool.query(
      'SELECT id, transports, created_at, last_used_at FROM passkey_credentials WHERE user_id = $1 ORDER BY created_at',
      [userId],
    );
    return rows.map((r) => ({
      id: r.id,
      transports: r.transports,
      createdAt: r.created_at,
      lastUsedAt: r.last_used_at,
    }));
  }

  async totpEnabled(userId: string): Promise<boolean> {
    const { rows } = await this.pool.query('SELECT active FROM totp_secrets WHERE user_id = $1', [userId]);
    return rows[0]?.active === true;
  }

  /** Whether the user has a password account with a password set (never the hash). */
  async hasPassword(userId: string): Promise<boolean> {
    const { rows } = await this.pool.query('SELECT hash IS NOT NULL AS set FROM passwords WHERE user_id = $1', [
      userId,
    ]);
    return rows[0]?.set === true;
  }

  /** An admin call in the audit trail (admin.action): the admin, the method, the user it was about. */
  async recordAction(actor: string, method: string, target: string): Promise<void> {
    await recordEvent(this.pool, {
      type: 'admin.action',
      actor: { kind: 'admin', id: actor },
      subjectUser: target || null,
      data: target ? { method, target } : { method },
    });
  }

  /**
   * Sets the user's status, with its event (user.blocked, user.unblocked; the admin `actor` its actor) in
   * the same transaction; false when there is no such user.
   */
  async setStatus(id: string, status: 'active' | 'blocked', reason: string | null, actor: string): Promise<boolean> {
    return inTransaction(this.pool, async (client) => {
      const { rowCount } = await client.query(
        'UPDATE users SET status = $2, block_reason = $3, updated_at = now() WHERE id = $1',
        [id, status, reason],
      );
      if (rowCount !== 1) return false;
      const type = status === 'blocked' ? 'user.blocked' : 'user.unblocked';
      await recordEvent(client, { type, actor: { kind: 'admin', id: actor }, subjectUser: id, data: {} });
      return true;
    });
  }

  /** Removes one identity of the user whatever remains; false when the user has no such identity. */
  async removeIdentity(userId: string, identityId: string): Promise<boolean> {
    return inTransaction(this.pool, async (client) => {
      // The user's row is the lock every change of the ways in takes (PgDirectoryStore.unlink, passkeys).
      await client.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
      const { rowCount } = await client.query('DELETE FROM identities WHERE id = $1 AND user_id = $2', [
        identityId,
        userId,
      ]);
      if (rowCount !== 1) return false;
      // An address only that identity said leaves the user with it.
      await rederiveEmail(client, userId);
      return true;
    });
  }

  /**
   * Erases the user's rows (user, identities, passkeys, TOTP) in one transaction; false when unknown.
   * The audit trail keeps its shape (the events stay, user.deleted is added) but loses the user's
   * addresses and browsers, in the same transaction.
   */
  async erase(id: string, actor: string): Promise<boolean> {
    return inTransaction(this.pool, async (client) => {
      await client.query('DELETE FROM passkey_credentials WHERE user_id = $1', [id]);
      // Recovery codes go with their secret (ON DELETE CASCADE), identities with their user.
      await client.query('DELETE FROM totp_secrets WHERE user_id = $1', [id]);
      const { rowCount } = await client.query('DELETE FROM users WHERE id = $1', [id]);
      if (rowCount !== 1) return false;
      await client.query(
        `UPDATE events.events SET client_address = NULL, user_agent = NULL
          WHERE (subject_user = $1 OR actor_id = $1) AND (client_address IS NOT NULL OR user_agent IS NOT NULL)`,
        [id],
      );
      await recordEvent(client, {
        type: 'user.deleted',
        actor: { kind: 'admin', id: actor },
        subjectUser: id,
        data: {},
      });
      return true;
    });
  }
}
