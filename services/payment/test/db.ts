import { createTestDatabase as create, type TestDatabase } from '../../../test/databases';
import { migrateTrail } from '../../../test/trail';

export type { TestDatabase };

/**
 * A fresh database `gh_payment_<random>` on the test server, so parallel runs never share a ledger,
 * with the audit trail the ledger writes into (auth's migrations made it, as they do before payment
 * serves); payment's own migrations are the test's to run.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const db = await create('gh_payment');
  await migrateTrail(db.url, db.transactionPooling);
  return db;
}
