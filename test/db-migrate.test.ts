// The db-migrate entries the Kubernetes migration Jobs run (deploy/kubernetes: auth-migrate,
// payment-migrate), from sources as `pnpm build` bundles them: against a fresh database they apply
// the service's migrations and exit 0, a second run finds the schema current, and without
// DATABASE_URL they exit 1 naming it.

import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { runEntry } from '@gatehouse/test-kit/run-entry';
import { Client } from 'pg';

const run = (entry: string, databaseUrl: string | undefined) => runEntry(entry, { DATABASE_URL: databaseUrl });

async function appliedIn(url: string, table: string): Promise<string[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ name: string }>(`SELECT name FROM ${table} ORDER BY name`)).rows.map((r) => r.name);
  } finally {
    await client.end();
  }
}

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase('gh_dbmigrate');
});
afterAll(() => db?.drop());

test.each([
  ['payment', 'services/payment/src/cli/db-migrate.ts', 'payment.payment_migrations', '001_ledger.sql'],
  ['auth', 'services/auth/src/cli/db-migrate.ts', 'auth.auth_migrations', '001_passkeys.sql'],
])(
  '%s: db-migrate applies the migrations once and exits 0',
  async (_name, entry, table, first) => {
    const applied = await run(entry, db.url);
    expect(applied).toMatchObject({ code: 0 });
    expect(applied.out).toContain('migrations applied');
    expect(await appliedIn(db.url, table)).toContain(first);
    const again = await run(entry, db.url);
    expect(again).toMatchObject({ code: 0 });
    expect(again.out).toContain('schema is current');
  },
  60_000,
);

test('db-migrate without DATABASE_URL exits 1 and names it', async () => {
  const result = await run('services/payment/src/cli/db-migrate.ts', undefined);
  expect(result.code).toBe(1);
  expect(result.out).toContain('DATABASE_URL');
}, 30_000);
