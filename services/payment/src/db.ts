import { createPool as createSharedPool, isDatabaseUnavailable } from '@gatehouse/postgres';
import type { Pool } from 'pg';

export { isDatabaseUnavailable };

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

/** The pool of DATABASE_POOL_MAX when no setting says otherwise (tests, tools). */
export const DEFAULT_POOL_MAX = 10;

/**
 * The ledger's pool (@gatehouse/postgres) with the timeouts above; `transactionPooling` when a
 * transaction-mode PgBouncer sits in front (DATABASE_TRANSACTION_POOLING).
 */
export function createPool(
  databaseUrl: string,
  options: {
    max?: number;
    transactionPooling?: boolean;
    onIdleError?: (err: Error) => void;
    /** How long a query waits for a connection (a new one, or a free one of a full pool). */
    connectMs?: number;
  } = {},
): Pool {
  return createSharedPool({
    url: databaseUrl,
    applicationName: 'gatehouse-payment',
    schema: SCHEMA,
    max: options.max ?? DEFAULT_POOL_MAX,
    connectTimeoutMs: options.connectMs ?? DB_TIMEOUTS.connectMs,
    statementTimeoutMs: DB_TIMEOUTS.statementMs,
    idleInTransactionMs: DB_TIMEOUTS.idleInTransactionMs,
    transactionPooling: options.transactionPooling ?? false,
    // A card load's transaction in two round trips (BEGIN and the lock with the reads, the write with
    // COMMIT): most of a load's CPU outside Postgres was the writes to its socket.
    pipelining: true,
    onIdleError: options.onIdleError,
  });
}

/** Health: Postgres answers a trivial query. */
export async function postgresAnswers(pool: Pool, onError: (err: unknown) => void = () => {}): Promise<boolean> {
  try {
    await pool.query('SELECT 1');
    return true;
  } catch (err) {
    onError(err);
    return false;
  }
}
