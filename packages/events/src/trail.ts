import type { Pool } from 'pg';

/**
 * A ULID made in the database (48-bit milliseconds, then 80 random bits, Crockford base32), for events
 * written by SQL alone (payment's ledger statements): ids from here and from @gatehouse/events' ulid sort
 * together by time. PL/pgSQL, whose statements are planned once a session: the first version, a SQL
 * function, was parsed and planned again by every statement that called it: 0.1-0.2 ms of Postgres
 * CPU a call, two calls a card load (issue 36). makeTrail replaces that version where it finds it.
 */
const NEW_ID_FUNCTION = `
CREATE OR REPLACE FUNCTION events.new_id() RETURNS text LANGUAGE plpgsql VOLATILE AS $f$
DECLARE
  alphabet constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  ms constant bigint := (extract(epoch FROM clock_timestamp()) * 1000)::bigint;
  r constant bytea := uuid_send(gen_random_uuid());
  id text := '';
BEGIN
  FOR i IN REVERSE 9..0 LOOP
    id := id || substr(alphabet, ((ms >> (5 * i)) & 31)::int + 1, 1);
  END LOOP;
  FOR j IN 0..15 LOOP
    id := id || substr(alphabet, (get_byte(r, j) & 31) + 1, 1);
  END LOOP;
  RETURN id;
END
$f$;`;

/**
 * The audit trail's tables: schema `events`, one table of events and one outbox. Auth and payment both
 * write events (each in the transaction of its own change), so whichever starts first makes them
 * (ensureTrail); webhooks and deliveries are auth's own (services/auth/migrations/004_events.sql).
 * With one role per workload `db-roles` makes the schema, owned by auth's role, and lets payment's role
 * INSERT only: there auth makes the tables, and a payment that starts first is told to wait for it.
 */
export const TRAIL_DDL = `
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_namespace WHERE nspname = 'events') THEN
    CREATE SCHEMA events;
  END IF;
END
$$;

CREATE TABLE events.events (
  -- A ULID: sortable by time, so the newest-first keyset pages by id alone.
  id text PRIMARY KEY,
  time timestamptz NOT NULL DEFAULT now(),
  type text NOT NULL,
  -- The workload that wrote it, from the session's role: not the caller's word.
  source text NOT NULL DEFAULT current_user,
  -- 'anonymous' since auth's migration 006_trail_anonymous.sql, which widens a trail made before it.
  actor_kind text NOT NULL CONSTRAINT events_actor_kind_check
    CHECK (actor_kind IN ('user', 'admin', 'workload', 'system', 'anonymous')),
  actor_id text,
  subject_user text,
  request_id text,
  client_address text,
  user_agent text,
  data jsonb NOT NULL DEFAULT '{}'
);
-- The column default alone would take a source the caller names: this sets it whatever was sent.
-- (Auth's migration 005_trail_writers.sql replaces it with one that also refuses, from a role other
-- than the schema's owner, every type but payment's.)
CREATE FUNCTION events.stamp_source() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  NEW.source := current_user;
  RETURN NEW;
END
$f$;
${NEW_ID_FUNCTION}
CREATE TRIGGER events_source BEFORE INSERT ON events.events FOR EACH ROW EXECUTE FUNCTION events.stamp_source();
CREATE INDEX events_time ON events.events (time);
CREATE INDEX events_type ON events.events (type text_pattern_ops, id);
CREATE INDEX events_subject ON events.events (subject_user, id) WHERE subject_user IS NOT NULL;
CREATE INDEX events_actor ON events.events (actor_id, id) WHERE actor_id IS NOT NULL;
CREATE INDEX events_request ON events.events (request_id) WHERE request_id IS NOT NULL;

-- Events not yet fanned out to the webhooks: written with the event, taken (and deleted) by a
-- dispatcher with FOR UPDATE SKIP LOCKED, which turns each into one delivery per subscribed endpoint.
CREATE TABLE events.outbox (
  event_id text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);
`;

/** Any constant of the trail's own: auth and payment starting at once take turns. */
const TRAIL_LOCK_KEY = 7_004_034;

/**
 * Makes the trail when it is missing; true when it made it. A role that may not make it (payment's,
 * with one role per workload) waits up to `waitMs` for auth to make it, then is told to start auth.
 */
export async function ensureTrail(pool: Pool, options: { waitMs?: number } = {}): Promise<boolean> {
  const deadline = Date.now() + (options.waitMs ?? 0);
  for (;;) {
    try {
      return await makeTrail(pool);
    } catch (err) {
      if ((err as { code?: string }).code !== '42501' || Date.now() >= deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

async function makeTrail(pool: Pool): Promise<boolean> {
  const client = await pool.connect();
  const ignore = () => {};
  client.on('error', ignore);
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [TRAIL_LOCK_KEY]);
    const found = await client.query<{ ready: boolean }>(
      "SELECT to_regclass('events.events') IS NOT NULL AND to_regclass('events.outbox') IS NOT NULL AS ready",
    );
    if (found.rows[0]?.ready) {
      // A trail made by an earlier version: its SQL new_id() is replaced by the role that owns it (auth's);
      // another role (payment's) leaves it, and it still works.
      const stale = await client.query<{ stale: boolean }>(
        `SELECT l.lanname = 'sql' AND pg_has_role(p.proowner, 'USAGE') AS stale
           FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
          WHERE p.oid = to_regprocedure('events.new_id()')`,
      );
      if (stale.rows[0]?.stale) await client.query(NEW_ID_FUNCTION);
      await client.query('COMMIT');
      return false;
    }
    await client.query(TRAIL_DDL);
    await client.query('COMMIT');
    return true;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    if ((err as { code?: string }).code === '42501')
      throw Object.assign(
        new Error(
          'the audit trail (schema events) is not made yet and this role may not make it: auth makes it at start (run its migrations first)',
          { cause: err },
        ),
        { code: '42501' },
      );
    throw err;
  } finally {
    client.off('error', ignore);
    client.release();
  }
}
