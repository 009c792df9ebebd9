import { createHash, randomBytes } from 'node:crypto';
import { currentRequestId, type NewEvent, recordEvent } from '@gatehouse/events';
import { inTransaction } from '@gatehouse/postgres';
import type { Pool, PoolClient } from 'pg';
import { rederiveEmail } from '../directory/store';
import {
  type Actor,
  type NewPasswordUser,
  PASSWORD_PROVIDER,
  type PasswordAccount,
  type TokenPurpose,
} from './account';
import { adminAction, insertPasswordIdentity, insertPasswordUser } from './new-accounts';

export {
  type Actor,
  type NewPasswordUser,
  PASSWORD_PROVIDER,
  type PasswordAccount,
  type PasswordSource,
  type TokenPurpose,
} from './account';

const ACCOUNT_SQL = `SELECT p.identity_id, p.user_id, p.email, p.email_verified, p.hash, p.picture_stored_at,
  u.name, u.status FROM passwords p JOIN users u ON u.id = p.user_id`;

function accountOf(r: Record<string, unknown>): PasswordAccount {
  return {
    identityId: r.identity_id as string,
    userId: r.user_id as string,
    email: r.email as string,
    emailVerified: r.email_verified as boolean,
    hash: (r.hash as string | null) ?? null,
    name: r.name as string,
    blocked: r.status === 'blocked',
    pictureStoredAt: (r.picture_stored_at as Date | null) ?? null,
  };
}

/** A token as it is stored: only its SHA-256 (a copy of the table gives nobody a link that works). */
export const tokenHash = (token: string): Buffer => createHash('sha256').update(token).digest();

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

/** Two writes of one address at once: the unique index decides, and the second is "taken". */
async function takenOnConflict<T>(write: () => Promise<T>): Promise<T | 'taken'> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) return 'taken';
    throw err;
  }
}

/**
 * Password accounts' rows (009_passwords.sql) beside the directory's users and identities: one
 * statement or one transaction per change, with its event in the same transaction.
 */
export class PgPasswordStore {
  constructor(readonly pool: Pool) {}

  async byEmail(email: string): Promise<PasswordAccount | undefined> {
    const { rows } = await this.pool.query({
      name: 'password-by-email',
      text: `${ACCOUNT_SQL} WHERE lower(p.email) = lower($1)`,
      values: [email],
    });
    return rows[0] ? accountOf(rows[0]) : undefined;
  }

  async byUser(user: string): Promise<PasswordAccount | undefined> {
    const { rows } = await this.pool.query(`${ACCOUNT_SQL} WHERE p.user_id = $1`, [user]);
    return rows[0] ? accountOf(rows[0]) : undefined;
  }

  async byIdentity(identityId: string): Promise<PasswordAccount | undefined> {
    const { rows } = await this.pool.query(`${ACCOUNT_SQL} WHERE p.identity_id = $1`, [identityId]);
    return rows[0] ? accountOf(rows[0]) : undefined;
  }

  /**
   * A new user with a password identity (users, identities, passwords and `user.created` in one
   * transaction; the user's id is the identity's). 'taken': the address belongs to an account already.
   */
  async create(u: NewPasswordUser): Promise<{ created: PasswordAccount } | 'taken'> {
    return takenOnConflict(() => inTransaction(this.pool, (client) => insertPasswordUser(client, u)));
  }

  /**
   * A password identity added to an existing user (a user of another provider sets a password): the
   * identity and its password in one transaction, with `identity.linked`. 'taken': another account has
   * the address; 'has_password': the user has a password account already.
   */
  async addToUser(
    userId: string,
    p: { email: string; hash: string },
  ): Promise<{ added: PasswordAccount } | 'taken' | 'has_password'> {
    return takenOnConflict(() => inTransaction(this.pool, (client) => insertPasswordIdentity(client, userId, p)));
  }

  /** Replaces `expected` by `hash` (a rehash at login): nothing when the hash changed meanwhile. */
  async rehash(identityId: string, expected: string, hash: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      'UPDATE passwords SET hash = $3, updated_at = now() WHERE identity_id = $1 AND hash = $2',
      [identityId, expected, hash],
    );
    return (rowCount ?? 0) > 0;
  }

  /** The avatar service stored the account's identicon just now (013_password_pictures.sql). */
  async pictureStored(identityId: string): Promise<void> {
    await this.pool.query({
      name: 'password-picture-stored',
      text: 'UPDATE passwords SET picture_stored_at = now() WHERE identity_id = $1',
      values: [identityId],
    });
  }

  /**
   * A new password (a change, a reset, an invitation taken up): the hash, the time, every reset and
   * invitation link still out spent, and the event, in one transaction. A reset proves the address.
   */
  async setPassword(
    account: PasswordAccount,
    hash: string,
    how: 'changed' | 'reset',
    actor: Actor = { kind: 'user' },
  ): Promise<void> {
    await inTransaction(this.pool, async (client) => {
      await client.query(
        `UPDATE passwords SET hash = $2, updated_at = now(), password_changed_at = now(),
                email_verified = email_verified OR $3
          WHERE identity_id = $1`,
        [account.identityId, hash, how === 'reset'],
      );
      await client.query("DELETE FROM password_tokens WHERE identity_id = $1 AND purpose IN ('reset', 'invite')", [
        account.identityId,
      ]);
      if (how === 'reset' && !account.emailVerified) await markIdentityVerified(client, account);
      await recordEvent(client, passwordEvent(account.userId, how, actor));
    });
  }

  /** An admin's forced reset: no password until the user sets one through the link sent. */
  async clearPassword(account: PasswordAccount, admin: string): Promise<void> {
    await inTransaction(this.pool, async (client) => {
      await client.query('UPDATE passwords SET hash = NULL, updated_at = now() WHERE identity_id = $1', [
        account.identityId,
      ]);
      await recordEvent(client, passwordEvent(account.userId, 'reset', { kind: 'admin', id: admin }));
      await recordEvent(client, adminAction(admin, 'force_password_reset', account.userId));
    });
  }

  /** The address proved (its verification link): the password row, the identity and the user's own address. */
  async markVerified(account: PasswordAccount): Promise<void> {
    await inTransaction(this.pool, async (client) => {
      await client.query('UPDATE passwords SET email_verified = true, updated_at = now() WHERE identity_id = $1', [
        account.identityId,
      ]);
      await markIdentityVerified(client, account);
    });
  }

  /** The new address, verified by its link; 'taken' when another account has it now. */
  async changeEmail(account: PasswordAccount, email: string): Promise<'changed' | 'taken'> {
    try {
      return await inTransaction(this.pool, async (client) => {
        await client.query(
          'UPDATE passwords SET email = $2, email_verified = true, updated_at = now() WHERE identity_id = $1',
          [account.identityId, email],
        );
        await client.query('UPDATE identities SET email = $2, email_verified = true WHERE id = $1', [
          account.identityId,
          email,
        ]);
        await client.query("DELETE FROM password_tokens WHERE identity_id = $1 AND purpose = 'email_change'", [
          account.identityId,
        ]);
        await rederiveEmail(client, account.userId);
        await recordEvent(client, {
          type: 'email.changed',
          actor: { kind: 'user', id: account.userId },
          subjectUser: account.userId,
          requestId: currentRequestId(),
          data: { provider: PASSWORD_PROVIDER },
        });
        return 'changed' as const;
      });
    } catch (err) {
      if (isUniqueViolation(err)) return 'taken';
      throw err;
    }
  }

  /**
   * A new one-time token for the account: random (256 bits), kept as its SHA-256, expiring after
   * `ttlMs`. Expired tokens of the account go at the same time (nothing else would remove them).
   */
  async issueToken(identityId: string, purpose: TokenPurpose, ttlMs: number, email?: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.pool.query('DELETE FROM password_tokens WHERE identity_id = $1 AND expires_at <= now()', [identityId]);
    await this.pool.query(
      `INSERT INTO password_tokens (token_hash, purpose, identity_id, email, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5::double precision / 1000))`,
      [tokenHash(token), purpose, identityId, email ?? null, ttlMs],
    );
    return token;
  }

  /**
   * Spends a token: DELETE ... RETURNING, so one request on one replica alone redeems it. Undefined:
   * unknown, spent, expired or of another purpose.
   */
  async spendToken(
    token: string,
    purposes: readonly TokenPurpose[],
  ): Promise<{ identityId: string; purpose: TokenPurpose; email: string | null } | undefined> {
    const { rows } = await this.pool.query<{ identity_id: string; purpose: TokenPurpose; email: string | null }>(
      `DELETE FROM password_tokens WHERE token_hash = $1 AND purpose = ANY($2) AND expires_at > now()
       RETURNING identity_id, purpose, email`,
      [tokenHash(token), purposes],
    );
    const r = rows[0];
    return r && { identityId: r.identity_id, purpose: r.purpose, email: r.email };
  }

  /** Whether the user has a password set (the admin's user view: never the hash). */
  async hasPassword(user: string): Promise<boolean> {
    const { rows } = await this.pool.query('SELECT hash IS NOT NULL AS has FROM passwords WHERE user_id = $1', [user]);
    return rows[0]?.has === true;
  }
}

async function markIdentityVerified(client: PoolClient, account: PasswordAccount): Promise<void> {
  await client.query('UPDATE identities SET email = $2, email_verified = true WHERE id = $1', [
    account.identityId,
    account.email,
  ]);
  await rederiveEmail(client, account.userId);
}

function passwordEvent(user: string, how: 'changed' | 'reset', actor: Actor): NewEvent {
  const by = actor.kind === 'admin' ? { kind: 'admin' as const, id: actor.id } : { kind: 'user' as const, id: user };
  const common = { actor: by, subjectUser: user, requestId: currentRequestId() };
  return how === 'changed'
    ? { ...common, type: 'password.changed', data: {} }
    : { ...common, type: 'password.reset', data: { by: actor.kind } };
}
