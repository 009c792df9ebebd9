// `pnpm bench payment`'s SQL floor is pgbench running the statements the payment service runs for one
// load, recorded from its own store and domain (bench/payment-sql.ts). This runs that script for a
// second on a test database: it must run without a failed transaction and settle every load it makes
// (credited, the balance equal to the loads), or the floor would measure something the service never does.
import { spawnSync } from 'node:child_process';
import { createLedgerDatabase as createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { Client } from 'pg';
import { prepareSqlFloor, type SqlFloor } from '../bench/payment-sql';
import { createPool } from '../services/payment/src/db';
import { runMigrations } from '../services/payment/src/migrate';

const hasPgbench = spawnSync('pgbench', ['--version']).status === 0;
let db: TestDatabase;
let floor: SqlFloor | undefined;

beforeAll(async () => {
  db = await createTestDatabase();
  const pool = createPool(db.url, { max: 1 });
  await runMigrations(pool);
  await pool.end();
});

afterAll(async () => {
  floor?.close();
  await db?.drop();
});

(hasPgbench ? test : test.skip)(
  'the recorded load runs under pgbench and settles every load it makes',
  async () => {
    const lines: string[] = [];
    floor = await prepareSqlFloor({
      databaseUrl: db.url,
      env: { PAYMENT_LIMIT_1_DAY: '1000000000.00' },
      maxClients: 2,
      log: (l) => lines.push(l),
    });
    const script = lines.join('\n');
    // The service's own statements in its three round trips, each a pipeline in pgbench: BEGIN with the
    // owner lock and the card with the limits' totals; the reservation and COMMIT; the settle, which
    // reads the load id back with currval (pgbench has no \gset in a pipeline).
    expect(script).toMatch(
      /\\startpipeline\n\s*\| BEGIN;\n\s*\| SELECT pg_advisory_xact_lock\(hashtextextended\(\('payment\.owner:' \|\| :owner\), 0\)\);\n\s*\| SELECT c\.\*, [\s\S]* FROM cards c WHERE c\.id = :card AND c\.owner_id = :owner;\n\s*\| \\endpipeline/,
    );
    expect(script).toMatch(
      /\\startpipeline\n\s*\| WITH inserted AS \([\s\S]*INSERT INTO loads[\s\S]*SELECT \* FROM inserted;\n\s*\| COMMIT;\n\s*\| \\endpipeline/,
    );
    expect(script).not.toMatch(/\\gset/);
    expect(script).toMatch(/WHERE id = \(SELECT currval\('payment\.loads_id_seq'\)\)/);
    expect(floor.roundTrips).toBe(3);
    expect(floor.statements).toBe(6);

    const run = await floor.run(2, 1);
    expect(run.tps).toBeGreaterThan(0);

    const client = new Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query(
        `SELECT count(*)::int AS loads,
              count(*) FILTER (WHERE l.status = 'succeeded')::int AS succeeded,
              (SELECT sum(balance_cents)::int FROM payment.cards WHERE owner_id ~ '^7' ) AS balance,
              coalesce(sum(l.amount_cents), 0)::int AS amount
         FROM payment.loads l JOIN payment.cards c ON c.id = l.card_id WHERE c.owner_id ~ '^7'`,
      );
      expect(rows[0].loads).toBeGreaterThan(0);
      expect(rows[0]).toEqual({ ...rows[0], succeeded: rows[0].loads, balance: rows[0].amount });
    } finally {
      await client.end();
    }
  },
  60_000,
);
