import { Pool, type PoolClient, type QueryConfig } from 'pg';
import { inTransaction } from './transaction';

export interface PoolSettings {
  /** DATABASE_URL (TLS with `sslmode=verify-full&sslrootcert=<file>` is read from it by pg). */
  url: string;
  /** Shown in pg_stat_activity; PgBouncer passes it on, so it is safe in both modes. */
  applicationName: string;
  /** DATABASE_POOL_MAX: connections this process opens at most. */
  max: number;
  /** The schema unqualified table names resolve to; unset keeps the server's default search path. */
  schema?: string;
  /** Bound of every statement, lock waits included (server side, plus 1 s on the client). */
  statementTimeoutMs: number;
  /** A transaction left idle this long is ended by the server, so a stuck caller frees its locks. */
  idleInTransactionMs?: number;
  connectTimeoutMs?: number;
  /**
   * DATABASE_TRANSACTION_POOLING: a transaction-mode pooler (PgBouncer) sits in front, so every
   * transaction may run on another server connection. No startup parameters, no named prepared
   * statements, no state kept in the session: settings are made with SET LOCAL in each transaction.
   */
  transactionPooling: boolean;
  /**
   * pg's pipeline mode: a statement is written without waiting for the answer to the one before, so
   * inTransaction sends BEGIN with the first statement and COMMIT with the last. Awaited statements
   * behave as without it.
   */
  pipelining?: boolean;
  /** An idle connection Postgres closes makes the pool emit 'error'; the pool already drops it. */
  onIdleError?: (err: Error) => void;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
/** BEGIN (its options, no ';'), then optionally more statements in the same simple query. */
const BEGIN = /^\s*((?:BEGIN|START\s+TRANSACTION)\b[^;]*?)\s*(?:;\s*([\s\S]*?))?\s*;?\s*$/i;
const patched = Symbol('gatehouse.transactionPooling');

/**
 * The one Postgres pool of every process. In session mode (the default, or PgBouncer in session mode)
 * the search path and timeouts are startup parameters, set once per connection: the fast path. With
 * `transactionPooling` they are made with SET LOCAL in each transaction instead, a query outside a
 * transaction runs in one of its own, and named prepared statements are sent unnamed.
 */
export function createPool(settings: PoolSettings): Pool {
  const common = {
    connectionString: settings.url,
    max: settings.max,
    connectionTimeoutMillis: settings.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    query_timeout: settings.statementTimeoutMs + 1_000,
    application_name: settings.applicationName,
    // Not in @types/pg yet: pg 8.23's Client reads `pipeline` from its config.
    ...(settings.pipelining ? { pipeline: true } : {}),
  };
  const pool = settings.transactionPooling
    ? new Pool(common)
    : new Pool({
        ...common,
        ...(settings.schema ? { options: `-c search_path=${settings.schema}` } : {}),
        statement_timeout: settings.statementTimeoutMs,
        ...(settings.idleInTransactionMs ? { idle_in_transaction_session_timeout: settings.idleInTransactionMs } : {}),
      });
  pool.on('error', settings.onIdleError ?? (() => {}));
  if (settings.transactionPooling) forTransactionPooling(pool, settings);
  return pool;
}

function forTransactionPooling(pool: Pool, settings: PoolSettings): void {
  const locals = [
    settings.schema ? `SET LOCAL search_path TO "${settings.schema}"` : '',
    `SET LOCAL statement_timeout = ${Math.trunc(settings.statementTimeoutMs)}`,
    settings.idleInTransactionMs
      ? `SET LOCAL idle_in_transaction_session_timeout = ${Math.trunc(settings.idleInTransactionMs)}`
      : '',
  ].filter((s) => s !== '');
  // Every physical connection, whether taken by connect() or by pool.query, gets the rewriting query.
  pool.on('connect', (client) => {
    const c = client as PoolClient & { [patched]?: true };
    if (c[patched]) return;
    c[patched] = true;
    const query = c.query.bind(c) as (...args: unknown[]) => unknown;
    (c as { query: unknown }).query = (first: unknown, ...rest: unknown[]) => query(rewrite(first, locals), ...rest);
  });
  const plainQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  // A statement outside a transaction would run with neither the search path nor the timeouts: it
  // gets a transaction of its own (one write when pipelining, else three round trips instead of one:
  // the price of the pooler).
  (pool as { query: unknown }).query = (first: unknown, ...rest: unknown[]) => {
    if (rest.some((r) => typeof r === 'function')) return plainQuery(first, ...rest);
    const values = rest[0] as unknown[] | undefined;
    const query: QueryConfig =
      typeof first === 'string'
        ? { text: first, values }
        : { ...(first as QueryConfig), ...(values ? { values } : {}) };
    return inTransaction(pool, (_client, tx) => tx.commitWith(query));
  };
}

/**
 * BEGIN gains the SET LOCALs right after it (one simple-protocol round trip), before any statement that
 * rode along with it, so those run with the search path and timeouts; a named statement loses its name.
 */
export function rewrite(first: unknown, locals: readonly string[]): unknown {
  if (typeof first === 'string') {
    const begin = BEGIN.exec(first);
    if (!begin) return first;
    return [begin[1], ...locals, ...(begin[2] ? [begin[2]] : [])].join('; ');
  }
  if (first && typeof first === 'object' && 'name' in first && (first as QueryConfig).name !== undefined) {
    const { name: _unnamed, ...rest } = first as QueryConfig;
    return rest;
  }
  return first;
}
