import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
  /** An outage of this database only: open connections are cut and new ones refused until allowed again. */
  refuseConnections(): Promise<void>;
  allowConnections(): Promise<void>;
}

/**
 * A fresh database `<prefix>_<random>` on the test server (TEST_DATABASE_URL), so parallel test files
 * and runs never share tables; drop() removes it, connections and all.
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
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    async refuseConnections() {
      await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
    },
    allowConnections: () => admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`),
  };
}
