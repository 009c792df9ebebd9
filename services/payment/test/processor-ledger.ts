// A fresh ledger (migrated) and the development processor, for a suite's tests: set up before the
// file's tests and torn down after. The parts are filled in by beforeAll.
import type { Pool } from 'pg';
import { createPool } from '../src/db';
import { runMigrations } from '../src/migrate';
import { type DevProcessor, startDevProcessor } from '../src/processor/dev';
import { createTestDatabase, type TestDatabase } from './db';

export interface ProcessorLedger {
  db: TestDatabase;
  pool: Pool;
  fake: DevProcessor;
}

export function useProcessorLedger(poolMax = 5): ProcessorLedger {
  const parts = {} as ProcessorLedger;
  beforeAll(async () => {
    parts.db = await createTestDatabase();
    parts.pool = createPool(parts.db.url, { max: poolMax, transactionPooling: parts.db.transactionPooling });
    await runMigrations(parts.pool);
    parts.fake = await startDevProcessor({});
  });
  afterAll(async () => {
    await parts.pool?.end();
    await parts.fake?.close();
    await parts.db?.drop();
  });
  return parts;
}
