-- Issue 49 §1, "reversals freeing their share", per policy: with reversals_free, what voids and refunds
-- gave back of a load (and a load reversed in full, as one load) stops counting towards that policy's
-- usage; without it (the default) the policy counts as the environment's limits always have (a void
-- frees its amount, a refund only with PAYMENT_REFUNDS_FREE_LIMITS, and the load's count stays).
ALTER TABLE limit_policies ADD COLUMN IF NOT EXISTS reversals_free boolean NOT NULL DEFAULT false;

-- The running totals (003, 008) learn what such a policy frees beyond what every limit already frees:
-- freed_cents, the reversed amounts that still count elsewhere (reversed_cents - uncounted_cents of
-- the load), and freed_count, the loads reversed in full. A reversal adds to them in the statement that
-- records it (ledger/postgres-reversals.ts), so a policy with the flag reads
--   added_cents - removed_cents - freed_cents   and   added_count - removed_count - freed_count.
ALTER TABLE owner_load_totals ADD COLUMN IF NOT EXISTS freed_cents bigint NOT NULL DEFAULT 0 CHECK (freed_cents >= 0);
ALTER TABLE owner_load_totals ADD COLUMN IF NOT EXISTS freed_count bigint NOT NULL DEFAULT 0 CHECK (freed_count >= 0);

-- Backfill, idempotent (recomputed from the ledger); the lock makes reversals recorded by the new code
-- wait until the totals they add to are complete.
LOCK TABLE loads IN SHARE MODE;
UPDATE owner_load_totals t SET freed_cents = coalesce(c.cents, 0), freed_count = coalesce(c.n, 0)
  FROM owner_load_totals o
  LEFT JOIN (SELECT owner_id, s.span, date_trunc(s.span, created_at, 'UTC') AS bucket_start,
                    sum(greatest(reversed_cents - uncounted_cents, 0)) AS cents,
                    count(*) FILTER (WHERE reversed_cents >= amount_cents) AS n
               FROM loads CROSS JOIN (VALUES ('day'), ('hour'), ('minute')) AS s (span)
              WHERE status IN ('pending', 'succeeded', 'unknown') AND reversed_cents > 0
              GROUP BY 1, 2, 3) c
    ON c.owner_id = o.owner_id AND c.span = o.span AND c.bucket_start = o.bucket_start
 WHERE t.owner_id = o.owner_id AND t.span = o.span AND t.bucket_start = o.bucket_start
   AND (t.freed_cents, t.freed_count) IS DISTINCT FROM (coalesce(c.cents, 0), coalesce(c.n, 0));
