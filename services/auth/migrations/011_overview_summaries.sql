-- The admin overview's summaries (issue 48, docs/accounts.md "Overview"): what its one call reads
-- instead of scanning the trail per view.
--
-- Logins and failed logins per hour and provider, counted as the trail takes them: a statement-level
-- trigger on events.events with its transition table adds what one INSERT wrote, grouped, in the same
-- transaction (a bulk INSERT of a million events is one grouped upsert, not a million). The counter
-- rows are spread over 4 shards by backend so concurrent logins do not queue on one row lock; the
-- reader sums them. Cost on the hot path: every INSERT into the trail runs the function once (a scan
-- of its own one-row transition table), and a login adds one upsert of a small row.
CREATE TABLE overview_hourly (
  hour timestamptz NOT NULL,
  -- 'login' (login.succeeded) or 'login_failed' (login.failed, as the trail keeps them: see events.md).
  kind text NOT NULL,
  provider text NOT NULL DEFAULT '',
  shard smallint NOT NULL DEFAULT 0,
  count bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (hour, kind, provider, shard)
);

CREATE FUNCTION overview_count_events() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $f$
BEGIN
  INSERT INTO overview_hourly AS o (hour, kind, provider, shard, count)
  SELECT date_trunc('hour', n.time),
         CASE n.type WHEN 'login.succeeded' THEN 'login' ELSE 'login_failed' END,
         coalesce(lower(n.data ->> 'provider'), ''),
         (pg_backend_pid() % 4)::smallint,
         count(*)
    FROM overview_new_events n
   WHERE n.type IN ('login.succeeded', 'login.failed')
   GROUP BY 1, 2, 3
  ON CONFLICT (hour, kind, provider, shard) DO UPDATE SET count = o.count + EXCLUDED.count;
  RETURN NULL;
END
$f$;

-- SECURITY DEFINER runs it as auth, also for payment's INSERTs (which never write login events, 005
-- refuses them), with auth's own schema first and nothing a caller's search_path could put before it.
DO $$
BEGIN
  EXECUTE format('ALTER FUNCTION overview_count_events() SET search_path = %I, pg_temp', current_schema());
  EXECUTE format('REVOKE ALL ON FUNCTION %I.overview_count_events() FROM PUBLIC', current_schema());
END
$$;

-- Taking the trigger's lock waits for every INSERT in flight and holds new ones until this commits, so
-- the backfill below and the trigger count each event once.
CREATE TRIGGER events_overview AFTER INSERT ON events.events
  REFERENCING NEW TABLE AS overview_new_events
  FOR EACH STATEMENT EXECUTE FUNCTION overview_count_events();

INSERT INTO overview_hourly (hour, kind, provider, shard, count)
SELECT date_trunc('hour', time),
       CASE type WHEN 'login.succeeded' THEN 'login' ELSE 'login_failed' END,
       coalesce(lower(data ->> 'provider'), ''), 0, count(*)
  FROM events.events
 WHERE type IN ('login.succeeded', 'login.failed') AND time >= now() - interval '8 days'
 GROUP BY 1, 2, 3;

-- Users new and active in a window, counted by an index range scan: created_at never changes, and
-- last_login_at is written by every login already (its index makes that UPDATE no longer HOT: one
-- more index entry per login, the price of an exact "active" without scanning the directory).
CREATE INDEX users_created ON users (created_at, id);
CREATE INDEX users_last_login ON users (last_login_at) WHERE last_login_at IS NOT NULL;
CREATE INDEX users_blocked ON users (id) WHERE status = 'blocked';

-- Deliveries failing: retried after a failed attempt, or given up on.
CREATE INDEX webhook_deliveries_failing ON webhook_deliveries (created_at)
  WHERE status = 'failed' OR (status = 'pending' AND attempts > 0);
