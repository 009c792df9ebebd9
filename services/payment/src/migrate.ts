import path from 'node:path';
import { runtimeAssetDir } from '@gatehouse/config';
import { runSqlMigrations } from '@gatehouse/migrations';
import type { Pool } from 'pg';
import { SCHEMA } from './db';

export const MIGRATIONS_DIR = runtimeAssetDir(path.resolve(__dirname, '../migrations'), 'migrations');

/** Any constant: every payment process that starts at once waits here, so only one migrates. */
const MIGRATION_LOCK_KEY = 7_004_001;

/** Payment's migrations, in the way every service migrates (@gatehouse/migrations). */
export function runMigrations(pool: Pool, dir = MIGRATIONS_DIR): Promise<string[]> {
  return runSqlMigrations(pool, { dir, schema: SCHEMA, table: 'payment_migrations', lockKey: MIGRATION_LOCK_KEY });
}
