// The audit trail as the code before issue 44 made it: a string in @gatehouse/events, run by whichever
// of auth and payment started first (ensureTrail), nothing recorded. Tests make a database "as the old
// code left it" with these and check that auth's migrations (000_trail.sql on) take it, rows and all.
// Copied from packages/events/src/trail.ts as it was; do not edit.

/** events.new_id() in PL/pgSQL (issue 36 on). */
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

/** The trail of issue 43 (the five actor kinds, new_id() in PL/pgSQL), the last one ensureTrail made. */
const TRAIL_DDL_43 = `
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

/** events.new_id() as the trail's first version made it: a SQL function (before issue 36). */
export const FIRST_NEW_ID = `
CREATE OR REPLACE FUNCTION events.new_id() RETURNS text LANGUAGE sql VOLATILE AS $f$
  WITH t AS (SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS ms, uuid_send(gen_random_uuid()) AS r)
  SELECT (SELECT string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((t.ms >> (5 * (9 - i))) & 31)::int + 1, 1), ''
                            ORDER BY i) FROM generate_series(0, 9) i)
      || (SELECT string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (get_byte(t.r, j) & 31) + 1, 1), '' ORDER BY j)
            FROM generate_series(0, 15) j)
    FROM t
$f$`;

/**
 * The trail as ensureTrail made it in `version`: 43 (the last), or 34 (issue 34's first one: four actor
 * kinds under Postgres's own name for the CHECK, new_id() in SQL).
 */
export function oldTrailDdl(version: 34 | 43 = 43): string {
  if (version === 43) return TRAIL_DDL_43;
  return TRAIL_DDL_43.replace(
    /CONSTRAINT events_actor_kind_check\s+CHECK \(actor_kind IN \([^)]*\)\)/,
    "CHECK (actor_kind IN ('user', 'admin', 'workload', 'system'))",
  ).replace(NEW_ID_FUNCTION, `${FIRST_NEW_ID};`);
}
