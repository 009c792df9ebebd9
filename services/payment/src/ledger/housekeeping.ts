// The ledger's housekeeping, run by each reconciliation round (service-parts.ts): client addresses past
// their retention forgotten, and the overview's old hourly counters removed. Both safe on every replica.
import type { Pool } from 'pg';

/** PAYMENT_CLIENT_ADDRESS_RETENTION's default: 90 days, as the trail's AUDIT_RETENTION. */
export const DEFAULT_ADDRESS_RETENTION_MS = 90 * 86_400_000;

/** Loads whose address is forgotten per statement: short transactions beside the load path's. */
export const ADDRESS_BATCH = 1_000;

/**
 * PAYMENT_CLIENT_ADDRESS_RETENTION: the client address a load (and its velocity reviews) kept is set to
 * NULL once the load is older than `before`. The velocity rules per address count at most 30 days
 * back, so an address older than its retention serves nobody; the trail's copy goes with the trail's
 * own retention (AUDIT_RETENTION). In batches until none is left; safe in every replica at once (a
 * batch skips the rows another has locked, and a load's row is never held long). Through the partial
 * index loads_address_created_idx, which holds only the loads that still have an address.
 */
export async function forgetClientAddresses(pool: Pool, before: Date, batch = ADDRESS_BATCH): Promise<number> {
  let forgotten = 0;
  for (;;) {
    const { rows } = await pool.query<{ n: number }>(
      `WITH picked AS (
         SELECT id FROM loads WHERE client_address IS NOT NULL AND created_at < $1
          LIMIT $2 FOR UPDATE SKIP LOCKED
       ), cleared AS (
         UPDATE loads l SET client_address = NULL FROM picked WHERE l.id = picked.id RETURNING l.id
       ), reviews AS (
         UPDATE velocity_reviews r SET client_address = NULL FROM cleared
          WHERE r.load_id = cleared.id AND r.client_address IS NOT NULL
       )
       SELECT count(*)::int AS n FROM cleared`,
      [before, batch],
    );
    const n = rows[0]?.n ?? 0;
    forgotten += n;
    if (n < batch) return forgotten;
  }
}

/** How long the overview's hourly load counters are kept: its charts show 7 days; a month is kept. */
export const OVERVIEW_HOURS_KEPT_MS = 35 * 86_400_000;

/** The overview's hourly load counters (migration 012) of hours before `before`. Idempotent. */
export async function pruneOverviewHours(pool: Pool, before: Date): Promise<number> {
  const { rowCount } = await pool.query('DELETE FROM overview_loads_hourly WHERE hour < $1', [before]);
  return rowCount ?? 0;
}
