import { checkedData, currentRequestId, newEventId, recordEvent } from '@gatehouse/events';
import { userId } from '@gatehouse/token';
import type { Pool } from 'pg';
import type { ImportRecord } from './import-lines';

/** user.created's data for an imported user: a password identity, come by import. */
const CREATED_DATA = checkedData({
  type: 'user.created',
  actor: { kind: 'admin', id: 'admin' },
  data: { provider: 'password', source: 'import' },
});

/**
 * One statement for a whole batch: every row given as arrays (unnest), a user, their `password`
 * identity and its passwords row (source 'import') added for each address that is not a password
 * account yet, and user.created with its outbox row for each user added. ON CONFLICT DO NOTHING makes
 * it idempotent: a row already there (a re-run, a retry, a sign-up of the same address) is left as it
 * is, and only the users this statement added come back. Addresses taken by another password account
 * (one whose address changed since its id was made) are skipped before anything is written.
 */
export const IMPORT_SQL = `
WITH input AS (
  SELECT t.id, t.email, t.name, t.verified, t.hash, t.event_id
    FROM unnest($1::text[], $2::text[], $3::text[], $4::boolean[], $5::text[], $6::text[])
      AS t(id, email, name, verified, hash, event_id)
   WHERE NOT EXISTS (SELECT 1 FROM passwords p WHERE lower(p.email) = lower(t.email))
), new_user AS (
  INSERT INTO users (id, name, email, email_verified_by)
  SELECT id, name, email, CASE WHEN verified THEN 'password' END FROM input
  ON CONFLICT (id) DO NOTHING
  RETURNING id
), new_identity AS (
  INSERT INTO identities (id, user_id, provider, name, email, email_verified)
  SELECT i.id, i.id, 'password', i.name, i.email, i.verified FROM input i JOIN new_user USING (id)
  ON CONFLICT (id) DO NOTHING
  RETURNING id
), new_password AS (
  INSERT INTO passwords (identity_id, user_id, email, email_verified, hash, source)
  SELECT i.id, i.id, i.email, i.verified, i.hash, 'import' FROM input i JOIN new_identity USING (id)
  ON CONFLICT DO NOTHING
  RETURNING identity_id
), created_event AS (
  INSERT INTO events.events (id, type, actor_kind, actor_id, subject_user, request_id, data)
  SELECT i.event_id, 'user.created', 'admin', $7::text, i.id, $8::text, $9::jsonb FROM input i JOIN new_user USING (id)
), created_outbox AS (
  INSERT INTO events.outbox (event_id) SELECT i.event_id FROM input i JOIN new_user USING (id)
)
SELECT identity_id AS id FROM new_password`;

/** The directory's tables for imports: users, identities and passwords rows in batches. */
export class PgUserImportStore {
  constructor(private readonly pool: Pool) {}

  /**
   * Adds the records' users (distinct addresses, checked by the caller) in one statement: the ids of
   * the users added; every other record was already there.
   */
  async addBatch(records: readonly ImportRecord[], actor: string): Promise<Set<string>> {
    if (records.length === 0) return new Set();
    checkedData({ type: 'user.created', actor: { kind: 'admin', id: actor }, data: CREATED_DATA });
    const { rows } = await this.pool.query<{ id: string }>(IMPORT_SQL, [
      records.map((r) => passwordUserId(r.email)),
      records.map((r) => r.email),
      records.map((r) => r.name),
      records.map((r) => r.emailVerified),
      records.map((r) => r.hash),
      records.map(() => newEventId()),
      actor,
      currentRequestId(),
      JSON.stringify(CREATED_DATA),
    ]);
    return new Set(rows.map((r) => r.id));
  }

  /** admin.action for the import as a whole, once, by the admin who sent it. */
  async recordImport(actor: string): Promise<void> {
    await recordEvent(this.pool, {
      type: 'admin.action',
      actor: { kind: 'admin', id: actor },
      data: { method: 'import_users' },
    });
  }
}

/** A password account's id (identity and user): go-pkgz's form for the address, lower-cased (009_passwords.sql). */
export function passwordUserId(email: string): string {
  return userId('password', email.toLowerCase());
}
