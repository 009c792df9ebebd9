import path from 'node:path';
import { runtimeAssetDir } from '@gatehouse/config';
import { runSqlMigrations } from '@gatehouse/migrations';
import { Pool } from 'pg';

/**
 * The auth service's tables live in their own schema, so it can share a database with the payment
 * service (as in `pnpm start` or docker compose) the way payment's `payment` schema does.
 */
export const SCHEMA = 'auth';

export const MIGRATIONS_DIR = runtimeAssetDir(path.resolve(__dirname, '../../migrations'), 'migrations');

/** Any constant other than payment's: every auth process that starts at once waits here, one migrates. */
const MIGRATION_LOCK_KEY = 7_004_002;

/** A pool bounded like payment's (services/payment/src/db.ts): connecting and every statement time out. */
export function createPool(databaseUrl: string, onIdleError: (err: Error) => void = () => {}): Pool {
  const pool = new Pool({
    connectionString: databaseUrl,
    options: `-c search_path=${SCHEMA}`,
    max: 5,
    connectionTimeoutMillis: 5_000,
    statement_timeout: 5_000,
    query_timeout: 6_000,
    application_name: 'gatehouse-auth',
  });
  // An idle connection Postgres closes is dropped by the pool; without a listener it would crash us.
  pool.on('error', onIdleError);
  return pool;
}

/** The auth service's migrations, in the way every service migrates (@gatehouse/migrations). */
export function runMigrations(pool: Pool, dir = MIGRATIONS_DIR): Promise<string[]> {
  return runSqlMigrations(pool, { dir, schema: SCHEMA, table: 'auth_migrations', lockKey: MIGRATION_LOCK_KEY });
}
