-- Running totals of each owner's counted loads (pending, succeeded, unknown), so that the limit check
-- reads a bounded number of rows however many loads the owner made (issue 24).
--
-- Three bucket widths, UTC-aligned: a load adds its amount to its day, its hour and its minute. The
-- rolling window (now - W, now] is summed exactly as
--   the loads in (cutoff, next minute)         -- an exact scan of at most one minute of loads
-- + the minute buckets in [next minute, next hour)   (at most 59 rows)
-- + the hour buckets   in [next hour, next day)      (at most 23 rows)
-- + the day buckets    from the next day on          (at most 365 rows for the 365-day window)
-- A bucket changes in the same statement as the load: +amount when a load is inserted pending, -amount
-- when it is settled failed (refused loads never count). Rows are always written in the
-- order day, hour, minute (alphabetical `span`), so two writers never wait on each other in a cycle.
CREATE TABLE IF NOT EXISTS owner_load_totals (
  owner_id     text        NOT NULL,
  span         text        NOT NULL CHECK (span IN ('day', 'hour', 'minute')),
  bucket_start timestamptz NOT NULL,
  -- What the bucket counts is added_cents - removed_cents: the amounts of the loads inserted pending,
  -- less those of the loads that later failed. Two growing columns rather than one signed total, so
  -- that every write is an upsert of a non-negative row (Postgres checks the proposed row before it
  -- finds the conflict) and the history of a bucket stays readable.
  added_cents   bigint     NOT NULL DEFAULT 0 CHECK (added_cents >= 0),
  removed_cents bigint     NOT NULL DEFAULT 0 CHECK (removed_cents >= 0),
  PRIMARY KEY (owner_id, span, bucket_start)
) WITH (fillfactor = 80); -- room on the page for HOT updates: an owner's day row changes on every load

-- Backfill, idempotent: the totals are recomputed from the ledger, whatever was there. The lock makes
-- writers that started on the new code wait until the totals they add to are complete.
LOCK TABLE loads IN SHARE MODE;
DELETE FROM owner_load_totals;
INSERT INTO owner_load_totals (owner_id, span, bucket_start, added_cents)
SELECT owner_id, s.span, date_trunc(s.span, created_at, 'UTC'), sum(amount_cents)
  FROM loads CROSS JOIN (VALUES ('day'), ('hour'), ('minute')) AS s (span)
 WHERE status IN ('pending', 'succeeded', 'unknown')
 GROUP BY 1, 2, 3;

-- The balance limit sums the card's loads in flight: without this index that read walks every load of
-- the card (loads_card_idx), so it would grow with the card's history too.
CREATE INDEX IF NOT EXISTS loads_card_in_flight_idx ON loads (card_id) INCLUDE (amount_cents)
  WHERE status IN ('pending', 'unknown');
