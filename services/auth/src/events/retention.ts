import type { Logger } from '@gatehouse/logger';
import type { Pool } from 'pg';

/** Events removed per statement: short transactions that never hold up a login's insert for long. */
export const RETENTION_BATCH = 1_000;

/** How long the overview's hourly counters are kept: its charts show 7 days; a month is kept. */
export const OVERVIEW_HOURS_KEPT_MS = 35 * 86_400_000;

/**
 * AUDIT_RETENTION: removes events older than `retentionMs` in batches until none is left, and the
 * overview's hourly counters older than OVERVIEW_HOURS_KEPT_MS, then waits `everyMs`. Safe in every
 * replica at once (the batches skip rows another replica has locked; the counters' delete is idempotent).
 */
export function startRetention(options: {
  pool: Pool;
  retentionMs: number;
  log: Logger;
  everyMs?: number;
  clock?: () => number;
}): { stop(): Promise<void>; sweep(): Promise<number> } {
  const { pool, retentionMs, log, everyMs = 600_000, clock = Date.now } = options;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const sweep = async () => {
    let removed = 0;
    for (;;) {
      const n = await pruneEvents(pool, new Date(clock() - retentionMs), RETENTION_BATCH);
      removed += n;
      if (n < RETENTION_BATCH || stopped) break;
    }
    await pruneOverviewHours(pool, new Date(clock() - OVERVIEW_HOURS_KEPT_MS));
    return removed;
  };
  const timer = setInterval(() => {
    running = sweep().then(
      (n) => n > 0 && log.info({ removed: n }, 'old events removed (AUDIT_RETENTION)'),
      (err: unknown) => log.warn({ err }, 'removing old events failed; trying again later'),
    );
  }, everyMs);
  timer.unref();
  return {
    sweep,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * Removes up to `limit` events older than `before` (their deliveries and attempts go with them);
 * SKIP LOCKED and small batches, so replicas share the work and no login waits on a long delete.
 */
async function pruneEvents(pool: Pool, before: Date, limit: number): Promise<number> {
  const { rowCount } = await pool.query(
    `DELETE FROM events.events WHERE id IN (
       SELECT id FROM events.events WHERE time < $1 ORDER BY time LIMIT $2 FOR UPDATE SKIP LOCKED)`,
    [before, limit],
  );
  return rowCount ?? 0;
}

/**
 * The admin overview's hourly login counters (kept by the trail's trigger, migration 011) of hours
 * before `before`: the overview reads the last 7 days; older hours are removed, whatever the trail
 * keeps. Idempotent, so every replica may run it.
 */
async function pruneOverviewHours(pool: Pool, before: Date): Promise<number> {
  const { rowCount } = await pool.query('DELETE FROM overview_hourly WHERE hour < $1', [before]);
  return rowCount ?? 0;
}
