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

/**
 * A pool with the timeouts above. An idle connection that Postgres closes (restart, terminated
 * backend) makes the pool emit 'error', which would crash the process without a listener: the pool
 * already drops that connection, so `onIdleError` only reports it.
 */
export function createPool(
  databaseUrl: string,
  options: { max?: number; onIdleError?: (err: Error) => void } = {},
): Pool {
  const pool = new Pool({
    connectionString: databaseUrl,
    options: `-c search_path=${SCHEMA}`,
    max: options.max ?? 10,
    connectionTimeoutMillis: DB_TIMEOUTS.connectMs,
    statement_timeout: DB_TIMEOUTS.statementMs,
    query_timeout: DB_TIMEOUTS.statementMs + 1_000,
    idle_in_transaction_session_timeout: DB_TIMEOUTS.idleInTransactionMs,
    application_name: 'gatehouse-payment',
  });
  pool.on('error', options.onIdleError ?? (() => {}));
  return pool;
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

/**
 * Errors that mean Postgres could not be reached or gave up on us (connection refused or lost, pool
 * or statement timeout, server shutting down), as opposed to a bug in a query: callers may retry.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown };
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : '';
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'EPIPE'].includes(code) ||
    code.startsWith('08') || // connection exceptions
    code === '57P01' || // admin shutdown
    code === '57P03' || // cannot connect now
    code === '57014' || // statement timeout
    message.includes('timeout exceeded when trying to connect') ||
    message.includes('Connection terminated') ||
    message.includes('Query read timeout')
  );
}
