import path from 'node:path';
import { runtimeAssetDir } from '@gatehouse/config';
import { ensureTrail } from '@gatehouse/events';
import { runSqlMigrations } from '@gatehouse/migrations';
import type { Pool } from 'pg';
import { SCHEMA } from './db';

export const MIGRATIONS_DIR = runtimeAssetDir(path.resolve(__dirname, '../migrations'), 'migrations');

/** Any constant: every payment process that starts at once waits here, so only one migrates. */
const MIGRATION_LOCK_KEY = 7_004_001;

/**
 * Payment's migrations, in the way every service migrates (@gatehouse/migrations), then the audit
 * trail its ledger writes events into (made here when auth has not made it yet).
 */
export async function runMigrations(
  pool: Pool,
  dir = MIGRATIONS_DIR,
  options: { trailWaitMs?: number } = {},
): Promise<string[]> {
  const applied = await runSqlMigrations(pool, {
    dir,
    schema: SCHEMA,
    table: 'payment_migrations',
    lockKey: MIGRATION_LOCK_KEY,
  });
  // With one role per workload auth makes the trail: a payment that starts first waits for it.
  await ensureTrail(pool, { waitMs: options.trailWaitMs ?? 60_000 });
  return applied;
}
