import { Pool } from 'pg';

/** Bounds on every Postgres call: connecting, each statement (lock waits included), idle sessions. */
export const DB_TIMEOUTS = {
  connectMs: 5_000,
  statementMs: 10_000,
  idleInTransactionMs: 30_000,
};

/**
 * The ledger's tables live in their own schema, so the payment service can share a database (as in
 * `pnpm start` or docker compose) without its `cards` and `loads` meeting another service's tables.
 */
export const SCHEMA = 'payment';

export function createPool(databaseUrl: string, max = 10): Pool {
  return new Pool({
    connectionString: databaseUrl,
    options: `-c search_path=${SCHEMA}`,
    max,
    connectionTimeoutMillis: DB_TIMEOUTS.connectMs,
    statement_timeout: DB_TIMEOUTS.statementMs,
    query_timeout: DB_TIMEOUTS.statementMs + 1_000,
    idle_in_transaction_session_timeout: DB_TIMEOUTS.idleInTransactionMs,
    application_name: 'gatehouse-payment',
  });
}

/** Health: Postgres answers a trivial query. */
export async function postgresAnswers(pool: Pool): Promise<boolean> {
  try {
    await pool.query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}
