// What the running-totals tests share: the totals as the ledger says they should be, and bulk history.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Pool } from 'pg';
import { MIGRATIONS_DIR } from '../src/migrate';

export const TOTALS_MIGRATION = readFileSync(path.join(MIGRATIONS_DIR, '003_owner_load_totals.sql'), 'utf8');
/** 008 backfills the loads' counts into the totals 003 made (idempotent, as 003 is). */
export const COUNTS_MIGRATION = readFileSync(path.join(MIGRATIONS_DIR, '008_limit_policies.sql'), 'utf8');
/** 011 backfills what reversals free for the policies with reversals_free (idempotent too). */
export const FREED_MIGRATION = readFileSync(path.join(MIGRATIONS_DIR, '011_policy_reversals.sql'), 'utf8');

/**
 * Buckets whose running total differs from the sum of their counted loads (empty when consistent); a
 * voided load (a refunded one with PAYMENT_REFUNDS_FREE_LIMITS) counts less by its uncounted_cents, and
 * the freed columns (migrations/011) hold the rest of what was reversed and the loads reversed in full.
 */
export async function totalsDrift(pool: Pool, ownerId?: string): Promise<unknown[]> {
  const { rows } = await pool.query(
    `WITH expected AS (
       SELECT owner_id, s.span, date_trunc(s.span, created_at, 'UTC') AS bucket_start,
              sum(amount_cents - uncounted_cents) AS cents, count(*) AS n,
              sum(greatest(reversed_cents - uncounted_cents, 0)) AS freed,
              count(*) FILTER (WHERE reversed_cents >= amount_cents) AS freed_n
         FROM loads CROSS JOIN (VALUES ('day'), ('hour'), ('minute')) AS s (span)
        WHERE status IN ('pending', 'succeeded', 'unknown') AND ($1::text IS NULL OR owner_id = $1)
        GROUP BY 1, 2, 3
     ), actual AS (
       SELECT owner_id, span, bucket_start, added_cents - removed_cents AS cents, added_count - removed_count AS n,
              freed_cents AS freed, freed_count AS freed_n
         FROM owner_load_totals
        WHERE $1::text IS NULL OR owner_id = $1
     )
     SELECT * FROM expected FULL JOIN actual USING (owner_id, span, bucket_start)
      WHERE coalesce(expected.cents, 0) <> coalesce(actual.cents, 0) OR coalesce(expected.n, 0) <> coalesce(actual.n, 0)
         OR coalesce(expected.freed, 0) <> coalesce(actual.freed, 0)
         OR coalesce(expected.freed_n, 0) <> coalesce(actual.freed_n, 0)`,
    [ownerId ?? null],
  );
  return rows;
}

/** The owner's counted total over (now - windowMs, ∞) straight from the ledger: the definition. */
export async function ledgerUsage(pool: Pool, ownerId: string, now: Date, windowMs: number): Promise<number> {
  const { rows } = await pool.query(
    `SELECT coalesce(sum(amount_cents - uncounted_cents), 0)::bigint AS s FROM loads
      WHERE owner_id = $1 AND status IN ('pending', 'succeeded', 'unknown') AND created_at > $2`,
    [ownerId, new Date(now.getTime() - windowMs)],
  );
  return Number(rows[0].s);
}

/**
 * `count` loads of `amountCents` on a new card of `ownerId`, spread evenly over the `spanMs` up to `end` (the newest at `end`),
 * written straight into the ledger (as history from before the totals existed); statuses cycle through
 * `statuses`. Call `recomputeTotals` afterwards.
 */
export async function insertHistory(
  pool: Pool,
  ownerId: string,
  options: { count: number; end: Date; spanMs: number; amountCents: number; statuses?: string[] },
): Promise<number> {
  const statuses = options.statuses ?? ['succeeded'];
  const { rows } = await pool.query(
    "INSERT INTO cards (owner_id, name, created_at) VALUES ($1, 'history', $2) RETURNING id",
    [ownerId, new Date(options.end.getTime() - options.spanMs)],
  );
  const cardId = Number(rows[0].id);
  await pool.query(
    `INSERT INTO loads (card_id, owner_id, amount_cents, status, created_at)
     SELECT $1, $2, $3, ($4::text[])[1 + i % cardinality($4::text[])],
            $5::timestamptz - make_interval(secs => ($6::float8 / 1000) * i / $7)
       FROM generate_series(0, $7 - 1) AS i`,
    [cardId, ownerId, options.amountCents, statuses, options.end, options.spanMs, options.count],
  );
  return cardId;
}

/** The migration's backfill again: totals recomputed from the whole ledger (it is idempotent). */
export async function recomputeTotals(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(TOTALS_MIGRATION);
    await client.query(COUNTS_MIGRATION);
    await client.query(FREED_MIGRATION);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    client.release();
  }
}
