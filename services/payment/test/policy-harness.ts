// Payments on a fresh ledger with limit policies held by a real PolicyCache (NOTIFY), for the limit
// policy suites: set up before the file's tests, torn down after; after each test the policies are
// cleared and the running totals must equal the ledger. Real Postgres, the development processor.
import { createLogger } from '@gatehouse/logger';
import type { Pool } from 'pg';
import { createPool } from '../src/db';
import type { LimitRule } from '../src/limits';
import { runMigrations } from '../src/migrate';
import type { Payments } from '../src/payments';
import { PolicyCache } from '../src/policies/cache';
import { PolicyStore } from '../src/policies/store';
import { type DevProcessor, startDevProcessor } from '../src/processor/dev';
import { createTestDatabase, type TestDatabase } from './db';
import { testPayments } from './helpers';
import { totalsDrift } from './totals';

export const log = createLogger({ name: 'payment-test', level: 'silent' });

export interface PolicyLedger {
  db: TestDatabase;
  pool: Pool;
  fake: DevProcessor;
  store: PolicyStore;
  cache: PolicyCache;
  payments: Payments;
}

/** The parts, filled in by beforeAll; `beforeEachCheck` runs after the policies are cleared. */
export function usePolicyLedger(envRules: LimitRule[], afterClear: () => Promise<void> = async () => {}): PolicyLedger {
  const parts = {} as PolicyLedger;
  beforeAll(async () => {
    parts.db = await createTestDatabase();
    parts.pool = createPool(parts.db.url, {
      max: 25,
      transactionPooling: parts.db.transactionPooling,
      // 300 loads at once queue for 25 connections: on a busy machine the wait for a free one is long.
      connectMs: 60_000,
    });
    await runMigrations(parts.pool);
    parts.fake = await startDevProcessor({ recordRequests: true });
    parts.store = new PolicyStore(parts.pool);
    parts.cache = new PolicyCache({ store: parts.store, databaseUrl: parts.db.url, envRules, log });
    await parts.cache.start();
    parts.payments = testPayments(parts.pool, parts.fake, log, { rules: envRules, policies: parts.cache });
  });
  afterAll(async () => {
    await parts.cache?.stop();
    await parts.pool?.end();
    await parts.fake?.close();
    await parts.db?.drop();
  });
  afterEach(async () => {
    await parts.pool.query('DELETE FROM limit_policies');
    await parts.pool.query('DELETE FROM owner_limit_tiers');
    await afterClear();
    expect(parts.fake.violations).toEqual([]);
    expect(await totalsDrift(parts.pool)).toEqual([]);
  });
  return parts;
}
