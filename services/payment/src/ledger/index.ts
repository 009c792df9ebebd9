// The ledger in Postgres: cards and loads (records.ts), reversals and disputes (money-back.ts), the store
// interfaces the domain uses (store.ts) and their Postgres implementations (postgres*.ts,
// owner-transaction.ts, with the SQL of rows.ts, usage.sql.ts and money-back.sql.ts).
import type { Pool } from 'pg';
import { PostgresLedgerStore } from './postgres';
import { PostgresAdminViews } from './postgres-admin';
import { PostgresOwnerClosures } from './postgres-closures';
import { PostgresDisputeStore } from './postgres-disputes';
import { PostgresEvidenceActions } from './postgres-evidence';
import { PostgresReversalStore } from './postgres-reversals';
import { PostgresSettlementStore } from './postgres-settlement';
import { PostgresStatementStore } from './postgres-statements';

export * from './money-back';
export type * from './postgres-admin';
export { LOAD_OUTCOMES } from './postgres-admin';
export type * from './postgres-evidence';
export type * from './postgres-settlement';
export * from './records';
export type * from './statement-records';
export type * from './store';
export {
  PostgresAdminViews,
  PostgresDisputeStore,
  PostgresEvidenceActions,
  PostgresLedgerStore,
  PostgresOwnerClosures,
  PostgresReversalStore,
  PostgresSettlementStore,
  PostgresStatementStore,
};

/** Every store of the ledger on one pool: what Payments takes as `store`, `reversals`, `disputes`, `closures`, `statements`. */
export function postgresLedger(pool: Pool) {
  return {
    store: new PostgresLedgerStore(pool),
    reversals: new PostgresReversalStore(pool),
    disputes: new PostgresDisputeStore(pool),
    closures: new PostgresOwnerClosures(pool),
    statements: new PostgresStatementStore(pool),
  };
}
