import { createHash } from 'node:crypto';
import { recordEvent } from '@gatehouse/events';
import { inTransaction } from '@gatehouse/postgres';
import type { Pool } from 'pg';

/** A stored WebAuthn credential (table passkey_credentials, migrations/001_passkeys.sql). */
export interface StoredPasskey {
  /** The credential id, base64url. */
  id: string;
  userId: string;
  /** The user a passkey login issues its session for ({name, id, picture}, as JSON). */
  userJson: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
}

export type NewPasskey = Pick<StoredPasskey, 'id' | 'userId' | 'userJson' | 'publicKey' | 'counter' | 'transports'>;

/** Where passkeys live; Postgres in every deployment (there is no in-process store: they must last). */
export interface PasskeyStore {
  /** False when the id is already registered (to anyone): ids are the authenticator's, never reused. */
  add(passkey: NewPasskey): Promise<boolean>;
  find(id: string): Promise<StoredPasskey | undefined>;
  /** The user's passkeys, oldest first. */
  list(userId: string): Promise<StoredPasskey[]>;
  /**
   * Removes one of the user's passkeys; false when the user has none with that id, 'last' when it is the
   * user's last way in (no other passkey, no identity whose provider `counts`).
   */
  remove(userId: string, id: string, counts: (provider: string) => boolean): Promise<boolean | 'last'>;
  /**
   * Records a login: the new signature counter and the time. Only while the stored counter is still the
   * one the login was checked against, so two concurrent logins with one assertion cannot both pass;
   * false when it changed meanwhile or the passkey was removed.
   */
  recordUse(id: string, checkedCounter: number, newCounter: number): Promise<boolean>;
}

interface Row {
  id: string;
  user_id: string;
  user_json: string;
  public_key: Buffer;
  counter: string;
  transports: string[];
  created_at: Date;
  last_used_at: Date | null;
}

const COLUMNS = 'id, user_id, user_json, public_key, counter, transports, created_at, last_used_at';

function fromRow(r: Row): StoredPasskey {
  return {
    id: r.id,
    userId: r.user_id,
    userJson: r.user_json,
    publicKey: new Uint8Array(r.public_key),
    counter: Number(r.counter),
    transports: r.transports,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
  };
}

export class PgPasskeyStore implements PasskeyStore {
  constructor(private readonly pool: Pool) {}

  async add(p: NewPasskey): Promise<boolean> {
    // passkey.added in the same transaction (@gatehouse/events).
    return inTransaction(this.pool, async (client) => {
      const res = await client.query(
        `INSERT INTO passkey_credentials (id, user_id, user_json, public_key, counter, transports)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING`,
        [p.id, p.userId, p.userJson, Buffer.from(p.publicKey), p.counter, p.transports],
      );
      if (res.rowCount !== 1) return false;
      await recordEvent(client, passkeyEvent('passkey.added', p.userId, p.id));
      return true;
    });
  }

  async find(id: string): Promise<StoredPasskey | undefined> {
    const res = await this.pool.query<Row>(`SELECT ${COLUMNS} FROM passkey_credentials WHERE id = $1`, [id]);
    return res.rows[0] && fromRow(res.rows[0]);
  }

  async list(userId: string): Promise<StoredPasskey[]> {
    const res = await this.pool.query<Row>(
      `SELECT ${COLUMNS} FROM passkey_credentials WHERE user_id = $1 ORDER BY created_at, id`,
      [userId],
    );
    return res.rows.map(fromRow);
  }

  /**
   * Removes one passkey of the user unless no way in would remain: another passkey, or an identity whose
   * provider `counts` (is still configured). The user's row is the lock an unlink takes too
   * (PgDirectoryStore.unlink), so removing the last passkey and unlinking the last identity at once
   * cannot both pass (issue 43). False: no such passkey of this user.
   */
  async remove(userId: string, id: string, counts: (provider: string) => boolean): Promise<boolean | 'last'> {
    return inTransaction(this.pool, async (client) => {
      await client.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
      const { rows } = await client.query<{ id: string }>('SELECT id FROM passkey_credentials WHERE user_id = $1', [
        userId,
      ]);
      if (!rows.some((r) => r.id === id)) return false;
      if (rows.length === 1) {
        const identities = await client.query<{ provider: string }>(
          'SELECT provider FROM identities WHERE user_id = $1',
          [userId],
        );
        if (!identities.rows.some((r) => counts(r.provider))) return 'last';
      }
      await client.query('DELETE FROM passkey_credentials WHERE user_id = $1 AND id = $2', [userId, id]);
      await recordEvent(client, passkeyEvent('passkey.removed', userId, id));
      return true;
    });
  }

  async recordUse(id: string, checkedCounter: number, newCounter: number): Promise<boolean> {
    const res = await this.pool.query(
      'UPDATE passkey_credentials SET counter = $3, last_used_at = now() WHERE id = $1 AND counter = $2',
      [id, checkedCounter, newCounter],
    );
    return res.rowCount === 1;
  }
}

/**
 * A passkey's event names the credential by a short digest: the id is public, but it looks like a
 * random token, which the trail's guard refuses, and the digest is enough to tell two apart.
 */
function passkeyEvent(type: 'passkey.added' | 'passkey.removed', userId: string, credentialId: string) {
  const digest = createHash('sha256').update(credentialId).digest('hex').slice(0, 16);
  return {
    type,
    actor: { kind: 'user' as const, id: userId },
    subjectUser: userId,
    data: { credential_id: `cred-${digest}` },
  };
}
