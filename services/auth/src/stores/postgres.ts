import path from 'node:path';
import { runtimeAssetDir } from '@gatehouse/config';
import { runSqlMigrations } from '@gatehouse/migrations';
import { createPool as createSharedPool } from '@gatehouse/postgres';
import type { Pool } from 'pg';

/**
 * The auth service's tables live in their own schema, so it can share a database with the payment
 * service (as in `pnpm start` or docker compose) the way payment's `payment` schema does.
 */
export const SCHEMA = 'auth';

export const MIGRATIONS_DIR = runtimeAssetDir(path.resolve(__dirname, '../../migrations'), 'migrations');

/** Any constant other than payment's: every auth process that starts at once waits here, one migrates. */
const MIGRATION_LOCK_KEY = 7_004_002;

/**
 * The passkey pool (@gatehouse/postgres, the factory every process uses): connecting and every
 * statement time out, a transaction left idle is ended.
 */
export function createPool(
  databaseUrl: string,
  onIdleError: (err: Error) => void = () => {},
  options: { max?: number; transactionPooling?: boolean } = {},
): Pool {
  return createSharedPool({
    url: databaseUrl,
    applicationName: 'gatehouse-auth',
    schema: SCHEMA,
    max: options.max ?? 5,
    statementTimeoutMs: 5_000,
    idleInTransactionMs: 30_000,
    transactionPooling: options.transactionPooling ?? false,
    onIdleError,
  });
}

/**
 * The auth service's migrations, in the way every service migrates (@gatehouse/migrations). The audit
 * trail (schema `events`, which auth owns and payment writes into) is among them: 000_trail.sql, first,
 * before the webhook tables that refer to it.
 */
export async function runMigrations(pool: Pool, dir = MIGRATIONS_DIR): Promise<string[]> {
  return runSqlMigrations(pool, { dir, schema: SCHEMA, table: 'auth_migrations', lockKey: MIGRATION_LOCK_KEY });
}
