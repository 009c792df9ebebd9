import { Pool, type PoolClient, type QueryConfig } from 'pg';
import { isDatabaseUnavailable } from './errors';

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
  // gets a transaction of its own (three round trips instead of one; the price of the pooler).
  (pool as { query: unknown }).query = (first: unknown, ...rest: unknown[]) => {
    if (rest.some((r) => typeof r === 'function')) return plainQuery(first, ...rest);
    return inTransaction(pool, (client) => client.query(first as QueryConfig, rest[0] as unknown[] | undefined));
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

export interface TransactionOptions {
  /**
   * SQL sent with BEGIN in the same simple-protocol query (one round trip instead of two), e.g. taking
   * an advisory lock. It has no parameters: values in it must be literals made with pg's escapeLiteral.
   */
  withBegin?: string;
}

/**
 * Runs `fn` in a transaction on one client. A connection whose error means the server is gone or
 * read-only (a failover) is destroyed, never pooled again; so is one whose ROLLBACK failed.
 */
export async function inTransaction<T>(
  pool: Pool,
  fn: (client: PoolClient) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const client = await pool.connect();
  // A connection the server (or a pooler) ends between two statements emits 'error' while no query
  // is waiting, and a checked-out client has no pool listener: without this it would crash the
  // process. The next statement fails instead, and the client is destroyed below.
  const ignore = () => {};
  client.on('error', ignore);
  try {
    await client.query(options.withBegin ? `BEGIN; ${options.withBegin}` : 'BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    client.off('error', ignore);
    client.release();
    return result;
  } catch (err) {
    // The listener stays until the ROLLBACK is over: the connection may end during it.
    const rollback = await client.query('ROLLBACK').then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    const destroyWith = rollback ?? (isDatabaseUnavailable(err) ? (err as Error) : undefined);
    if (!destroyWith) client.off('error', ignore);
    client.release(destroyWith);
    throw err;
  }
}
