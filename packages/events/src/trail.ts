import { setTimeout as sleep } from 'node:timers/promises';
import type { Pool } from 'pg';

/**
 * The audit trail's schema `events` (one table of events, one outbox, events.new_id() for the ids of
 * events written by SQL alone) is auth's: its migrations make it (services/auth/migrations/000_trail.sql)
 * and change it, recorded like every other schema change. Payment writes into it and makes nothing
 * there: it waits for it before it serves (waitForTrail). With one role per workload `db-roles` makes
 * the schema, owned by auth's role, and lets payment's role INSERT only.
 */
const TRAIL_THERE = `SELECT to_regclass('events.events') IS NOT NULL AND to_regclass('events.outbox') IS NOT NULL
          AND to_regprocedure('events.new_id()') IS NOT NULL AS there`;

/** How often waitForTrail asks. */
const POLL_MS = 500;

/** The trail was not made within the wait: auth's migrations have not run on this database. */
export class TrailMissingError extends Error {
  constructor(waitedMs: number) {
    super(
      `the audit trail (schema events) is not there after ${Math.round(waitedMs / 1000)} s: auth makes it with its ` +
        'migrations, at its start (with DATABASE_URL on this database) or by its db-migrate; run them first',
    );
    this.name = 'TrailMissingError';
  }
}

/** True when the trail's tables and id function are there (catalog lookups: any role may ask). */
export async function trailThere(pool: Pick<Pool, 'query'>): Promise<boolean> {
  const { rows } = await pool.query<{ there: boolean }>(TRAIL_THERE);
  return rows[0]?.there === true;
}

/**
 * Waits until auth's migrations made the trail, asking every half second, for `waitMs` from `since` (a
 * Date.now() value: a caller that tries again keeps its first), then fails with TrailMissingError. A
 * failed query (Postgres gone) fails the wait as it is, for the caller to try again; `signal` ends it
 * early (a process stopping), as an AbortError.
 */
export async function waitForTrail(
  pool: Pick<Pool, 'query'>,
  options: { waitMs: number; since?: number; signal?: AbortSignal },
): Promise<void> {
  const deadline = (options.since ?? Date.now()) + options.waitMs;
  for (;;) {
    options.signal?.throwIfAborted();
    if (await trailThere(pool)) return;
    const left = deadline - Date.now();
    if (left <= 0) throw new TrailMissingError(options.waitMs);
    await sleep(Math.min(POLL_MS, left), undefined, { signal: options.signal });
  }
}
