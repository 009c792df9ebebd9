import { randomBytes } from 'node:crypto';
import { currentRequestId, type NewEvent, recordEvent } from '@gatehouse/events';
import { userId } from '@gatehouse/token';
import type { PoolClient } from 'pg';
import { rederiveEmail } from '../directory/store';
import { type NewPasswordUser, PASSWORD_PROVIDER, type PasswordAccount } from './account';

/**
 * A new user with a password identity, in the caller's transaction: users, identities and passwords
 * rows (the user's id is the identity's) and `user.created` (with an admin's `admin.action`).
 */
export async function insertPasswordUser(
  client: PoolClient,
  u: NewPasswordUser,
): Promise<{ created: PasswordAccount } | 'taken'> {
  const taken = await client.query('SELECT 1 FROM passwords WHERE lower(email) = lower($1)', [u.email]);
  if (taken.rowCount) return 'taken' as const;
  const id = await freeIdentityId(client, u.email);
  const verifiedBy = u.emailVerified ? PASSWORD_PROVIDER : null;
  await client.query('INSERT INTO users (id, name, email, email_verified_by) VALUES ($1, $2, $3, $4)', [
    id,
    u.name,
    u.email,
    verifiedBy,
  ]);
  await client.query(
    `INSERT INTO identities (id, user_id, provider, name, email, email_verified) VALUES ($1, $1, $2, $3, $4, $5)`,
    [id, PASSWORD_PROVIDER, u.name, u.email, u.emailVerified],
  );
  await client.query(
    `INSERT INTO passwords (identity_id, user_id, email, email_verified, hash, source, password_changed_at)
       VALUES ($1, $1, $2, $3, $4, $5, CASE WHEN $4::text IS NULL THEN NULL ELSE now() END)`,
    [id, u.email, u.emailVerified, u.hash, u.source],
  );
  await recordEvent(client, {
    type: 'user.created',
    actor: u.admin ? { kind: 'admin', id: u.admin } : { kind: 'user', id },
    subjectUser: id,
    requestId: currentRequestId(),
    data: { provider: PASSWORD_PROVIDER, source: u.source },
  });
  if (u.admin) await recordEvent(client, adminAction(u.admin, 'create_user', id));
  const created: PasswordAccount = {
    identityId: id,
    userId: id,
    email: u.email,
    emailVerified: u.emailVerified,
    hash: u.hash,
    name: u.name,
    blocked: false,
    pictureStoredAt: null,
  };
  return { created };
}

/**
 * A password identity joined to an existing user, in the caller's transaction, with `identity.linked`:
 * the user's own act (the gateway vouched for the session), never a match of addresses.
 */
export async function insertPasswordIdentity(
  client: PoolClient,
  owner: string,
  p: { email: string; hash: string },
): Promise<{ added: PasswordAccount } | 'taken' | 'has_password'> {
  // The user's row is the lock: two additions at once cannot both pass the checks below.
  const found = await client.query<{ name: string; status: string }>(
    'SELECT name, status FROM users WHERE id = $1 FOR UPDATE',
    [owner],
  );
  const row = found.rows[0];
  if (!row) throw new Error('the user of the session is not in the directory');
  const own = await client.query('SELECT 1 FROM passwords WHERE user_id = $1', [owner]);
  if (own.rowCount) return 'has_password' as const;
  const taken = await client.query('SELECT 1 FROM passwords WHERE lower(email) = lower($1)', [p.email]);
  if (taken.rowCount) return 'taken' as const;
  const id = await freeIdentityId(client, p.email);
  await client.query(
    'INSERT INTO identities (id, user_id, provider, name, email, email_verified) VALUES ($1, $2, $3, $4, $5, false)',
    [id, owner, PASSWORD_PROVIDER, row.name, p.email],
  );
  await client.query(
    `INSERT INTO passwords (identity_id, user_id, email, email_verified, hash, source, password_changed_at)
       VALUES ($1, $2, $3, false, $4, 'signup', now())`,
    [id, owner, p.email, p.hash],
  );
  await rederiveEmail(client, owner);
  await recordEvent(client, {
    type: 'identity.linked',
    actor: { kind: 'user', id: owner },
    subjectUser: owner,
    requestId: currentRequestId(),
    data: { provider: PASSWORD_PROVIDER },
  });
  const added: PasswordAccount = {
    identityId: id,
    userId: owner,
    email: p.email,
    emailVerified: false,
    hash: p.hash,
    name: row.name,
    blocked: row.status === 'blocked',
    pictureStoredAt: null,
  };
  return { added };
}

/**
 * go-pkgz's id for the address, `password_<sha1(lower(email))>`, unless an identity has it already (an
 * account that was made with this address and has moved to another since): then one of the same
 * shape from the address and random bytes, so the new account never takes the old one's id.
 */
async function freeIdentityId(client: PoolClient, email: string): Promise<string> {
  const canonical = userId(PASSWORD_PROVIDER, email.toLowerCase());
  const { rowCount } = await client.query(
    'SELECT 1 FROM users WHERE id = $1 UNION SELECT 1 FROM identities WHERE id = $1',
    [canonical],
  );
  if (!rowCount) return canonical;
  return userId(PASSWORD_PROVIDER, `${email.toLowerCase()}#${randomBytes(16).toString('hex')}`);
}

/** An admin's change in the trail (admin.action), in the change's transaction. */
export function adminAction(admin: string, method: string, target: string): NewEvent {
  return { type: 'admin.action', actor: { kind: 'admin', id: admin }, subjectUser: target, data: { method, target } };
}
