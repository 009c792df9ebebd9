-- The admin overview's loads per hour and outcome (issue 48, docs/payments.md "Overview"), kept as the
-- ledger changes instead of counted per view.
--
-- A row trigger on loads moves a load's count and amount from the bucket of its old outcome to that of
-- its new one whenever its status changes (pending → succeeded, unknown → succeeded by reconciliation,
-- ...), by the hour the load was made, in the statement that changes it. Pending loads are in no
-- bucket. Counter rows are spread over 4 shards by backend so concurrent loads do not queue on one row
-- lock; the reader sums them. Cost on the load path: one upsert (two when an outcome changes) of a
-- small row in the settling statement; the WHEN clause skips every update that leaves status alone.
CREATE TABLE IF NOT EXISTS overview_loads_hourly (
  hour         timestamptz NOT NULL,
  -- succeeded, declined (the processor said no), refused (a limit, before the processor), failed
  -- (nothing sent, an error) or unknown (no answer yet).
  outcome      text        NOT NULL,
  shard        smallint    NOT NULL DEFAULT 0,
  count        bigint      NOT NULL DEFAULT 0,
  amount_cents bigint      NOT NULL DEFAULT 0,
  PRIMARY KEY (hour, outcome, shard)
);

CREATE OR REPLACE FUNCTION overview_load_outcome(status text, response_code text) RETURNS text
LANGUAGE sql IMMUTABLE AS $f$
  SELECT CASE
    WHEN status = 'succeeded' THEN 'succeeded'
    WHEN status = 'failed' AND response_code IS NOT NULL AND response_code <> '' THEN 'declined'
    WHEN status = 'failed' THEN 'failed'
    WHEN status = 'refused' THEN 'refused'
    WHEN status = 'unknown' THEN 'unknown'
  END
$f$;

CREATE OR REPLACE FUNCTION overview_count_load() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
  before_outcome text := CASE WHEN TG_OP = 'UPDATE'
    THEN overview_load_outcome(OLD.status, OLD.processor_response_code) END;
  after_outcome text := overview_load_outcome(NEW.status, NEW.processor_response_code);
  at_hour constant timestamptz := date_trunc('hour', NEW.created_at);
  in_shard constant smallint := (pg_backend_pid() % 4)::smallint;
BEGIN
  IF before_outcome IS NOT DISTINCT FROM after_outcome THEN
    RETURN NULL;
  END IF;
  IF before_outcome IS NOT NULL THEN
    INSERT INTO overview_loads_hourly AS o (hour, outcome, shard, count, amount_cents)
    VALUES (at_hour, before_outcome, in_shard, -1, -OLD.amount_cents)
    ON CONFLICT (hour, outcome, shard) DO UPDATE
      SET count = o.count - 1, amount_cents = o.amount_cents - OLD.amount_cents;
  END IF;
  IF after_outcome IS NOT NULL THEN
    INSERT INTO overview_loads_hourly AS o (hour, outcome, shard, count, amount_cents)
    VALUES (at_hour, after_outcome, in_shard, 1, NEW.amount_cents)
    ON CONFLICT (hour, outcome, shard) DO UPDATE
      SET count = o.count + 1, amount_cents = o.amount_cents + NEW.amount_cents;
  END IF;
  RETURN NULL;
END
$f$;

-- The trigger's lock waits for loads being written and holds new ones until this commits, so the
-- backfill and the trigger count each load once.
DROP TRIGGER IF EXISTS loads_overview_insert ON loads;
CREATE TRIGGER loads_overview_insert AFTER INSERT ON loads
  FOR EACH ROW WHEN (NEW.status <> 'pending') EXECUTE FUNCTION overview_count_load();
DROP TRIGGER IF EXISTS loads_overview_update ON loads;
CREATE TRIGGER loads_overview_update AFTER UPDATE OF status ON loads
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION overview_count_load();

DELETE FROM overview_loads_hourly;
INSERT INTO overview_loads_hourly (hour, outcome, shard, count, amount_cents)
SELECT date_trunc('hour', created_at), overview_load_outcome(status, processor_response_code), 0,
       count(*), sum(amount_cents)
  FROM loads
 WHERE created_at >= now() - interval '8 days'
   AND overview_load_outcome(status, processor_response_code) IS NOT NULL
 GROUP BY 1, 2;

-- Open disputes (not closed), newest first, for the overview's sums and the admin list.
CREATE INDEX IF NOT EXISTS disputes_open_idx ON disputes (id) INCLUDE (amount_cents, held_cents)
  WHERE closed_at IS NULL;
