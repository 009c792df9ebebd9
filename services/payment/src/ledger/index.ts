// The ledger in Postgres: cards and loads (records.ts), the store interfaces the domain uses (store.ts)
// and their Postgres implementation (postgres.ts, owner-transaction.ts, with the SQL of rows.ts and
// usage.sql.ts).
export { PostgresLedgerStore } from './postgres';
export * from './records';
export type * from './store';
