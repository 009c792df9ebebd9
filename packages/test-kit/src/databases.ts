import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { migrateTrail } from './trail';

export interface TestDatabase {
  /** The database's URL: through the pooler when TEST_DATABASE_POOLER_URL is set. */
  url: string;
  /**
   * True when `url` goes through a transaction-mode pooler (TEST_DATABASE_POOLER_URL, e.g. the
   * PgBouncer test/pgbouncer.test.ts starts): give it as DATABASE_TRANSACTION_POOLING.
   */
  transactionPooling: boolean;
  drop(): Promise<void>;
  /** An outage of this database only: open connections are cut and new ones refused until allowed again. */
  refuseConnections(): Promise<void>;
  allowConnections(): Promise<void>;
}

/**
 * A fresh database `<prefix>_<random>` on the test server (TEST_DATABASE_URL), so parallel test files
 * and runs never share tables; drop() removes it, connections and all. With TEST_DATABASE_POOLER_URL
 * (a transaction-mode PgBouncer in front of that server) the tests reach it through the pooler.
 */
export async function createTestDatabase(prefix = 'gh'): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const pooler = process.env.TEST_DATABASE_POOLER_URL;
  const url = new URL(pooler ?? adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    transactionPooling: pooler !== undefined,
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    async refuseConnections() {
      await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
    },
    async allowConnections() {
      await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      // A pooler refuses logins for a while after failed ones (PgBouncer's server_login_retry): the
      // database counts as allowed again once it is reachable through the URL the tests use.
      if (pooler !== undefined) await reachable(url.toString());
    },
  };
}

async function reachable(url: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    client.on('error', () => {}); // a refused login also ends the connection: reported by connect()
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 200));
    } finally {
      await client.end().catch(() => {});
    }
  }
}

/**
 * A fresh database `gh_payment_<random>` with the audit trail the ledger writes into (auth's migrations
 * made it, as they do before payment serves); payment's own migrations are the test's to run.
 */
export async function createLedgerDatabase(): Promise<TestDatabase> {
  const db = await createTestDatabase('gh_payment');
  await migrateTrail(db.url, db.transactionPooling);
  return db;
}
