import { currentRequestId, newEventId, recordEvent } from '@gatehouse/events';
import { inTransaction } from '@gatehouse/postgres';
import type { Pool, PoolClient } from 'pg';
import { ATTACH_SQL, ENSURE_SQL, LOGIN_SQL, REDERIVE_EMAIL_SQL, VERIFIED_ADDRESSES_SQL } from './login-sql';

/** A user's standing in the directory. */
export interface UserStatus {
  userId: string;
  status: 'active' | 'blocked';
  blockReason: string | null;
}

/** One login through a provider, as the directory records it (table identities, 003_directory.sql). */
export interface IdentityLogin {
  /** The go-pkgz id, `<provider>_<sha1>`. */
  id: string;
  provider: string;
  name: string;
  email: string | undefined;
  /** The provider asserted email_verified === true. */
  emailVerified: boolean;
  /** Provider trusted for AUTH_LINK_BY_EMAIL and email verified: a new identity may join the user whose verified email matches. */
  linkByEmail: boolean;
  /** Providers whose verification of an identity's email counts for linking by email. */
  trustedProviders: string[];
}

export interface StoredIdentity {
  id: string;
  userId: string;
  provider: string;
  name: string;
  email: string | null;
  emailVerified: boolean;
  createdAt: Date;
  lastLoginAt: Date | null;
}

export type LoginResult = UserStatus & {
  linkedByEmail: boolean;
  /** The returning identity said another address or verification: the user's own is derived again. */
  emailChanged: boolean;
  /**
   * The user has TOTP on, read in the login's statement: the second-factor check every login passes
   * through then needs no statement of its own (SecondFactor.hold; a round trip less a login, issue 36).
   */
  secondFactor: boolean;
};

type StatusRow = { id: string; status: 'active' | 'blocked'; block_reason: string | null };

const IDENTITY_COLUMNS = 'id, user_id, provider, name, email, email_verified, created_at, last_login_at';

export function identityFromRow(r: Record<string, unknown>): StoredIdentity {
  return {
    id: r.id as string,
    userId: r.user_id as string,
    provider: r.provider as string,
    name: r.name as string,
    email: (r.email as string | null) ?? null,
    emailVerified: r.email_verified as boolean,
    createdAt: r.created_at as Date,
    lastLoginAt: (r.last_login_at as Date | null) ?? null,
  };
}

const statusOf = (r: StatusRow): UserStatus => ({ userId: r.id, status: r.status, blockReason: r.block_reason });

/** Outcome of attaching an identity to a user. */
export type LinkOutcome = 'linked' | 'already' | 'in_use';

/** The directory's tables in Postgres (auth's schema). */
export class PgDirectoryStore {
  constructor(readonly pool: Pool) {}

  /** The user of a login's identity; undefined when its id is taken by a user it no longer belongs to. */
  async login(i: IdentityLogin): Promise<LoginResult | undefined> {
    const params = [
      i.id,
      i.provider,
      i.name,
      i.email ?? null,
      i.emailVerified,
      i.linkByEmail && !!i.email,
      i.trustedProviders,
      // A new user's address is verified by the provider that said so (users.email_verified_by).
      i.emailVerified && i.email ? i.provider : null,
      currentRequestId(),
      newEventId(),
      newEventId(),
    ];
    for (let attempt = 0; attempt < 2; attempt++) {
      // Named: parsed and planned once per connection.
      const { rows } = await this.pool.query<
        StatusRow & { by_email: boolean; second_factor: boolean; email_changed: boolean }
      >({
        name: 'directory-login',
        text: LOGIN_SQL,
        values: params,
      });
      const row = rows[0];
      if (row) {
        const { by_email, second_factor, email_changed } = row;
        return { ...statusOf(row), linkedByEmail: by_email, secondFactor: second_factor, emailChanged: email_changed };
      }
      // Nothing came back: another login of this identity raced us (the retry finds its row), or a user
      // of this id exists without it (attached when it has no identity at all, else refused).
      await this.pool.query(ATTACH_SQL, params.slice(0, 5));
    }
    return undefined;
  }

  /** The status of a user known by id, added (with the identity `provider` names, if any) when new. */
  async ensure(user: { id: string; name: string; email?: string }, provider: string): Promise<UserStatus> {
    // Every refresh passes here: a plain primary-key read (named, planned once per connection); the
    // write only for a user the directory has not met yet.
    const known = await this.pool.query<StatusRow>({
      name: 'directory-status',
      text: 'SELECT id, status, block_reason FROM users WHERE id = $1',
      values: [user.id],
    });
    if (known.rows[0]) return statusOf(known.rows[0]);
    const { rows } = await this.pool.query<StatusRow>(ENSURE_SQL, [
      user.id,
      user.name,
      user.email ?? null,
      provider,
      currentRequestId(),
      newEventId(),
    ]);
    return statusOf(rows[0] as StatusRow);
  }

  /** When the directory was made: its migration's time (null before it ran). */
  async directorySince(): Promise<Date | null> {
    const { rows } = await this.pool.query<{ applied_at: Date }>(
      "SELECT applied_at FROM auth_migrations WHERE name = '003_directory.sql'",
    );
    return rows[0]?.applied_at ?? null;
  }

  async identities(userId: string): Promise<StoredIdentity[]> {
    const { rows } = await this.pool.query(
      `SELECT ${IDENTITY_COLUMNS} FROM identities WHERE user_id = $1 ORDER BY created_at, id`,
      [userId],
    );
    return rows.map(identityFromRow);
  }

  /**
   * Attaches an identity to a user: refused when it belongs to another user, or its id is another
   * user's id (that user's first identity), so nobody's account is taken over by a link.
   */
  async link(userId: string, i: Omit<IdentityLogin, 'linkByEmail' | 'trustedProviders'>) {
    // identity.linked in the link's transaction.
    return inTransaction(this.pool, async (client) => {
      const { rows } = await client.query<{ inserted: boolean; owner: string | null }>(
        `WITH ins AS (
         INSERT INTO identities (id, user_id, provider, name, email, email_verified, last_login_at)
         SELECT $1, $2, $3, $4, $5, $6, now()
         WHERE EXISTS (SELECT 1 FROM users WHERE id = $2) AND NOT EXISTS (SELECT 1 FROM users WHERE id = $1 AND id <> $2)
         ON CONFLICT (id) DO NOTHING RETURNING user_id
       )
       SELECT EXISTS (SELECT 1 FROM ins) AS inserted, (SELECT user_id FROM identities WHERE id = $1) AS owner`,
        [i.id, userId, i.provider, i.name, i.email ?? null, i.emailVerified],
      );
      const row = rows[0] as { inserted: boolean; owner: string | null };
      if (row.inserted) {
        await rederiveEmail(client, userId);
        await recordEvent(client, identityEvent('identity.linked', userId, i.provider));
        return 'linked' satisfies LinkOutcome;
      }
      return (row.owner === userId ? 'already' : 'in_use') satisfies LinkOutcome;
    });
  }

  /**
   * Removes one identity of the user unless no way in would remain: another identity whose provider
   * `counts` (is still configured), or a passkey. Undefined: no such identity of this user.
   */
  async unlink(
    userId: string,
    identityId: string,
    counts: (provider: string) => boolean,
  ): Promise<'unlinked' | 'last' | undefined> {
    return inTransaction(this.pool, async (client) => {
      // The user's row is the lock: two unlinks of the last two identities cannot both pass.
      const locked = await client.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
      if (!locked.rowCount) return undefined;
      const { rows } = await client.query<{ id: string; provider: string }>(
        'SELECT id, provider FROM identities WHERE user_id = $1',
        [userId],
      );
      if (!rows.some((r) => r.id === identityId)) return undefined;
      const others = rows.filter((r) => r.id !== identityId && counts(r.provider)).length;
      const passkeys = await client.query('SELECT 1 FROM passkey_credentials WHERE user_id = $1 LIMIT 1', [userId]);
      if (others === 0 && !passkeys.rowCount) return 'last';
      await client.query('DELETE FROM identities WHERE id = $1 AND user_id = $2', [identityId, userId]);
      await rederiveEmail(client, userId);
      const provider = rows.find((r) => r.id === identityId)?.provider ?? '';
      await recordEvent(client, identityEvent('identity.unlinked', userId, provider));
      return 'unlinked';
    });
  }

  /**
   * Every verified address of the user's identities, one each (for notices of links and unlinks), but
   * those only `exceptIdentity` says: a notice of a link goes to the addresses the user had before it.
   */
  async verifiedAddresses(userId: string, exceptIdentity = ''): Promise<string[]> {
    const { rows } = await this.pool.query<{ email: string }>(VERIFIED_ADDRESSES_SQL, [userId, exceptIdentity]);
    return rows.map((r) => r.email);
  }

  /** The user's own address derived again from their identities (REDERIVE_EMAIL_SQL). */
  async rederiveEmail(userId: string): Promise<void> {
    await rederiveEmail(this.pool, userId);
  }
}

/** REDERIVE_EMAIL_SQL in the caller's transaction, or on the pool. */
export async function rederiveEmail(q: Pool | PoolClient, userId: string): Promise<void> {
  await q.query(REDERIVE_EMAIL_SQL, [userId]);
}

/** identity.linked or identity.unlinked, the user's own act; the provider as a code. */
function identityEvent(type: 'identity.linked' | 'identity.unlinked', userId: string, provider: string) {
  const code = provider.toLowerCase();
  return {
    type,
    actor: { kind: 'user' as const, id: userId },
    subjectUser: userId,
    data: { provider: /^[a-z0-9][a-z0-9_.:-]{0,63}$/.test(code) ? code : 'other' },
  };
}
