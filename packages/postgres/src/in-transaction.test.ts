// inTransaction's `withBegin` against real Postgres, in both pool modes: the SQL rides in the BEGIN
// round trip, under the transaction's timeouts (with transaction pooling the SET LOCALs come first),
// and a failure there rolls back and leaves the pool usable.
import { Client, type Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '../../../test/databases';
import { createPool, inTransaction } from './pool';

const KEY = "gatehouse.test:o'wner";
const LOCK = `SELECT pg_advisory_xact_lock(hashtextextended('gatehouse.test:o''wner', 0))`;
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase('gh_pool');
});
afterAll(async () => {
  await db?.drop();
});

describe.each([false, true])('transactionPooling %s', (transactionPooling) => {
  let pool: Pool;
  beforeAll(() => {
    pool = createPool({
      url: db.url,
      applicationName: 'gatehouse-pool-test',
      max: 2,
      schema: 'pg_catalog',
      statementTimeoutMs: 500,
      transactionPooling,
    });
  });
  afterAll(() => pool.end());

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
      { withBegin: LOCK },
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
      const ran = jest.fn();
      await expect(inTransaction(pool, ran, { withBegin: LOCK })).rejects.toMatchObject({ code: '57014' });
      expect(ran).not.toHaveBeenCalled();
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await holder.end();
    }
    // The failed transaction was rolled back: every connection of the pool answers (one left in an
    // aborted transaction would refuse), and the key is free again.
    const answers = await Promise.all([1, 2].map(() => inTransaction(pool, (c) => c.query('SELECT 1 AS one'))));
    expect(answers.map((a) => a.rows[0].one)).toEqual([1, 1]);
    expect(await lockFree()).toBe(true);
  });
});
