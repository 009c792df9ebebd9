import { createTestDatabase as create, type TestDatabase } from '../../../test/databases';

export type { TestDatabase };

/** A fresh database `gh_payment_<random>` on the test server, so parallel runs never share a ledger. */
export function createTestDatabase(): Promise<TestDatabase> {
  return create('gh_payment');
}
