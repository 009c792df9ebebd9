// The audit trail a test's payment writes into: auth owns it and makes it with its migrations
// (services/auth/migrations/000_trail.sql), as a deployment runs them (auth's start or its db-migrate)
// before payment serves; payment makes nothing in schema `events` and waits for it.
import { createPool, runMigrations } from '../../../services/auth/src/stores/postgres';

/** Runs auth's migrations on `url` (the trail among them); resolves once they are applied. */
export async function migrateTrail(url: string, transactionPooling = false): Promise<void> {
  const pool = createPool(url, undefined, { max: 1, transactionPooling });
  try {
    await runMigrations(pool);
  } finally {
    await pool.end();
  }
}
