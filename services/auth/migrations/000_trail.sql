-- The audit trail (docs/events.md): schema `events`, one table of events and one outbox. Auth owns it
-- and makes it here, first of its migrations (004_events.sql refers to it); payment writes into it
-- and waits at start until it is there, making nothing. Before issue 44 whichever of auth and payment
-- started first made it from a string in @gatehouse/events (ensureTrail), unrecorded: every step here
-- is written so that such a trail takes this file, its rows and the later migrations' changes kept
-- (005's stamp_source, 006's CHECK are left as they are), whichever service made it.
--
-- A payment of before issue 44 still starting during a rolling upgrade makes the trail under this
-- lock of its own: taken here too, the two never both make it.
SELECT pg_advisory_xact_lock(7004034);

-- IF NOT EXISTS is not enough: Postgres checks the database's CREATE privilege before it looks for the
-- schema, and with one role per workload auth's may not create schemas (`db-roles` made this one).
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_namespace WHERE nspname = 'events') THEN
    CREATE SCHEMA events;
  END IF;
END
$$;

CREATE TABLE IF NOT EXISTS events.events (
  -- A ULID: sortable by time, so the newest-first keyset pages by id alone.
  id text PRIMARY KEY,
  time timestamptz NOT NULL DEFAULT now(),
  type text NOT NULL,
  -- The workload that wrote it, from the session's role: not the caller's word.
  source text NOT NULL DEFAULT current_user,
  -- 'anonymous' since 006_trail_anonymous.sql, which widens a trail made before it.
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
-- Made only where it is missing: 005_trail_writers.sql replaces it with one that also refuses, from a
-- role other than the schema's owner, every type but payment's, and an older trail may have that one.
DO $$
BEGIN
  IF to_regprocedure('events.stamp_source()') IS NULL THEN
    CREATE FUNCTION events.stamp_source() RETURNS trigger LANGUAGE plpgsql AS $f$
    BEGIN
      NEW.source := current_user;
      RETURN NEW;
    END
    $f$;
  END IF;
  IF NOT EXISTS (SELECT FROM pg_trigger WHERE tgname = 'events_source' AND tgrelid = 'events.events'::regclass) THEN
    CREATE TRIGGER events_source BEFORE INSERT ON events.events
      FOR EACH ROW EXECUTE FUNCTION events.stamp_source();
  END IF;
END
$$;

-- A ULID made in the database (48-bit milliseconds, then 80 random bits, Crockford base32), for events
-- written by SQL alone (payment's ledger statements): ids from here and from @gatehouse/events' ulid
-- sort together by time. PL/pgSQL, whose statements are planned once a session: the first version, a
-- SQL function, was parsed and planned again by every statement that called it, 0.1-0.2 ms of
-- Postgres CPU a call, two calls a card load (issue 36). Replaced wherever it is, so a trail of that
-- version gets this one (grants kept: CREATE OR REPLACE keeps the function's privileges).
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
$f$;

CREATE INDEX IF NOT EXISTS events_time ON events.events (time);
CREATE INDEX IF NOT EXISTS events_type ON events.events (type text_pattern_ops, id);
CREATE INDEX IF NOT EXISTS events_subject ON events.events (subject_user, id) WHERE subject_user IS NOT NULL;
CREATE INDEX IF NOT EXISTS events_actor ON events.events (actor_id, id) WHERE actor_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS events_request ON events.events (request_id) WHERE request_id IS NOT NULL;

-- Events not yet fanned out to the webhooks: written with the event, taken (and deleted) by a
-- dispatcher with FOR UPDATE SKIP LOCKED, which turns each into one delivery per subscribed endpoint.
CREATE TABLE IF NOT EXISTS events.outbox (
  event_id text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);
