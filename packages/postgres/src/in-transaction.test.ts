// inTransaction's `first` and `commitWith` against real Postgres, in both pool modes and with and
// without pipelining: the first statement (in BEGIN's write when pipelining) runs under the transaction's timeouts (with
// transaction pooling the SET LOCALs come first), a failure there rolls back and leaves the pool usable,
// and with pipelining no statement sent behind a failed one commits.

import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { Client, type Pool, type PoolClient } from 'pg';
import { createPool } from './pool';
import { inTransaction, type Transaction } from './transaction';

const KEY = "gatehouse.test:o'wner";
// Named, as the payment service's lock is: prepared once per connection (sent unnamed through PgBouncer).
const LOCK = { name: 'test_owner_lock', text: 'SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', values: [KEY] };
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase('gh_pool');
});
afterAll(async () => {
  await db?.drop();
});

describe.each([
  [false, false],
  [true, false],
  [false, true],
  [true, true],
])('transactionPooling %s, pipelining %s', (transactionPooling, pipelining) => {
  let pool: Pool;
  beforeAll(async () => {
    pool = createPool({
      url: db.url,
      applicationName: 'gatehouse-pool-test',
      max: 2,
      schema: 'pg_catalog',
      statementTimeoutMs: 500,
      transactionPooling,
      pipelining,
    });
    await pool.query('CREATE TABLE IF NOT EXISTS public.probe (n int)');
  });
  afterAll(() => pool.end());
  beforeEach(() => pool.query('DELETE FROM public.probe'));

  const probeRows = async () => (await pool.query('SELECT count(*)::int AS n FROM public.probe')).rows[0].n as number;
  const insertProbe = { text: 'INSERT INTO public.probe (n) VALUES ($1)', values: [1] };

  /** Whether a backend other than `pid` could take the key's lock now (without waiting). */
  const lockFree = async () => {
    const c = new Client({ connectionString: db.url });
    await c.connect();
    try {
      const { rows } = await c.query('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS free', [KEY]);
      return rows[0].free as boolean;
    } finally {
      await c.end();
    }
  };

  test('the lock is held inside the transaction, on the same key a parameter gives, and ends with it', async () => {
    const seen = await inTransaction(
      pool,
      async (client) => {
        const { rows } = await client.query<{ timeout: string; path: string }>(
          "SELECT current_setting('statement_timeout') AS timeout, current_setting('search_path') AS path",
        );
        return { ...rows[0], free: await lockFree() };
      },
      { first: LOCK },
    );
    expect(seen).toEqual({ timeout: '500ms', path: expect.stringContaining('pg_catalog'), free: false });
    expect(await lockFree()).toBe(true);
  });

  test('waiting for a held lock is bounded by the statement timeout; the pool stays usable', async () => {
    const holder = new Client({ connectionString: db.url });
    await holder.connect();
    try {
      await holder.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [KEY]);
      const started = Date.now();
      // Pipelined, the insert and COMMIT go out behind the lock before its answer: they meet an aborted
      // transaction. Without pipelining they are never sent. Either way nothing is written.
      const write = (_client: PoolClient, tx: Transaction) => tx.commitWith(insertProbe);
      await expect(inTransaction(pool, write, { first: LOCK })).rejects.toMatchObject({ code: '57014' });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(await probeRows()).toBe(0);
    } finally {
      await holder.end();
    }
    // The failed transaction was rolled back: every connection of the pool answers (one left in an
    // aborted transaction would refuse), and the key is free again.
    const answers = await Promise.all([1, 2].map(() => inTransaction(pool, (c) => c.query('SELECT 1 AS one'))));
    expect(answers.map((a) => a.rows[0].one)).toEqual([1, 1]);
    expect(await lockFree()).toBe(true);
  });

  test('a statement that fails in commitWith commits nothing written before it; the pool stays usable', async () => {
    const run = inTransaction(pool, async (client, tx) => {
      await client.query(insertProbe);
      return tx.commitWith({ text: 'SELECT 1 / $1::int AS x', values: [0] });
    });
    await expect(run).rejects.toMatchObject({ code: '22012' });
    expect(await probeRows()).toBe(0);
    const answers = await Promise.all([1, 2].map(() => inTransaction(pool, (c) => c.query('SELECT 1 AS one'))));
    expect(answers.map((a) => a.rows[0].one)).toEqual([1, 1]);
  });

  test('commitWith answers with its statement once committed', async () => {
    const inserted = await inTransaction(pool, (_client, tx) =>
      tx.commitWith<{ n: number }>({ ...insertProbe, text: `${insertProbe.text} RETURNING n` }),
    );
    expect(inserted.rows).toEqual([{ n: 1 }]);
    expect(await probeRows()).toBe(1);
  });

  test('a COMMIT the server turns into a rollback (an error swallowed before it) is an error', async () => {
    const run = inTransaction(pool, async (client) => {
      await client.query(insertProbe);
      await client.query('SELECT 1 / 0').catch(() => undefined);
      return 'done';
    });
    await expect(run).rejects.toThrow('the transaction was not committed: the server answered ROLLBACK');
    expect(await probeRows()).toBe(0);
  });
});
