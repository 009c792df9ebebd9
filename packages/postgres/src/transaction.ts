import type { Writable } from 'node:stream';
import type { Pool, PoolClient, QueryConfig, QueryResult, QueryResultRow } from 'pg';
import { isDatabaseUnavailable } from './errors';

export interface TransactionOptions {
  /**
   * The transaction's first statement, sent right behind BEGIN, e.g. taking an advisory lock; its own
   * failure (a lock wait that timed out) is the one reported, not the aborted statements after it. On a
   * pipelining pool it goes in BEGIN's write, with the first statement `fn` sends; it may be a named
   * prepared statement, parsed and planned once per connection.
   */
  first?: QueryConfig;
}

/** What `fn` may do with the transaction besides running statements on its client. */
export interface Transaction {
  /**
   * Runs `query` as the transaction's last statement and commits with it: on a pipelining pool
   * (PoolSettings.pipelining) both go to the server in one write, one round trip instead of two.
   * Resolves with the query's result once the COMMIT is done; nothing may run in the transaction after.
   */
  commitWith<R extends QueryResultRow>(query: QueryConfig): Promise<QueryResult<R>>;
}

/** The client's socket, to send several statements in one write (pg keeps it as `connection.stream`). */
const socketOf = (client: PoolClient): Writable | undefined =>
  (client as unknown as { connection?: { stream?: Writable } }).connection?.stream;

/**
 * Calls `send` with the client's socket corked, so every statement it sends goes out in one write: on
 * this kind of VM a write on a loopback socket costs more than the statement's own work in Node.
 */
function inOneWrite<T>(client: PoolClient, send: () => T): T {
  const socket = socketOf(client);
  socket?.cork();
  try {
    return send();
  } finally {
    socket?.uncork();
  }
}

/** pg's pipeline mode: statements are written without waiting for the answers before them. */
const isPipelining = (client: PoolClient) => (client as unknown as { pipeline?: boolean }).pipeline === true;

/**
 * Runs `fn` in a transaction on one client. A connection whose error means the server is gone or
 * read-only (a failover) is destroyed, never pooled again; so is one whose ROLLBACK failed.
 *
 * On a pipelining client BEGIN goes out in the same write as the first statement `fn` sends (when it
 * sends it before its first await), and `commitWith` puts the last statement and COMMIT in one write:
 * a lock-check-write transaction takes two round trips. It is as safe as waiting: a statement behind
 * a failed BEGIN (or a lock sent with it) meets an aborted transaction and fails, so nothing written
 * after it can commit, and a COMMIT that ends in a rollback is an error here.
 */
export async function inTransaction<T>(
  pool: Pool,
  fn: (client: PoolClient, tx: Transaction) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const client = await pool.connect();
  // A connection the server (or a pooler) ends between two statements emits 'error' while no query
  // is waiting, and a checked-out client has no pool listener: without this it would crash the
  // process. The next statement fails instead, and the client is destroyed below.
  const ignore = () => {};
  client.on('error', ignore);
  const pipelining = isPipelining(client);
  let committed = false;
  const tx: Transaction = {
    async commitWith<R extends QueryResultRow>(query: QueryConfig) {
      if (committed) throw new Error('the transaction has already been committed');
      committed = true;
      if (!pipelining) {
        const result = await client.query<R>(query);
        await commit(client);
        return result;
      }
      const [result] = await inOneWrite(client, () => Promise.all([client.query<R>(query), commit(client)]));
      return result;
    },
  };
  try {
    const { first } = options;
    let begun: Promise<unknown>;
    let running: Promise<T>;
    if (pipelining) {
      // Behind a failed BEGIN, `first` meets no transaction and runs on its own; its effect (a lock)
      // ends with it, and the failure is BEGIN's.
      const begin = () => {
        const began = client.query('BEGIN');
        return first ? Promise.all([began, client.query(first)]) : began;
      };
      [begun, running] = inOneWrite(client, () => [begin(), fn(client, tx)] as const);
      // Both are awaited below; until then neither may count as an unhandled rejection.
      begun.catch(ignore);
      running.catch(ignore);
    } else {
      await client.query('BEGIN');
      if (first) await client.query(first);
      begun = Promise.resolve();
      running = fn(client, tx);
    }
    // BEGIN's own failure (a lock wait that timed out) says more than the aborted transaction after it.
    const result = await running.catch(async (err: unknown) => {
      await begun;
      throw err;
    });
    await begun;
    if (!committed) await commit(client);
    client.off('error', ignore);
    client.release();
    return result;
  } catch (err) {
    // The listener stays until the ROLLBACK is over: the connection may end during it. After a
    // COMMIT that failed, or one that ended in a rollback, it only draws a warning.
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

/** COMMIT, which is an error when the server rolled the transaction back instead (a failed statement before it). */
async function commit(client: PoolClient): Promise<void> {
  const { command } = await client.query('COMMIT');
  if (command !== 'COMMIT') throw new Error(`the transaction was not committed: the server answered ${command}`);
}
