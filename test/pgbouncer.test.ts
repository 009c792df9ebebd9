import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { type OwnPgBouncer, pgbouncerMissing, startPgBouncer } from '@gatehouse/test-kit/servers/pgbouncer';
import { Client } from 'pg';

// DATABASE_TRANSACTION_POOLING=true behind Debian's PgBouncer 1.18 in transaction mode with its
// defaults (ignore_startup_parameters = extra_float_digits, no prepared statements): N processes
// migrating at once migrate once and none hangs, and the payment suites pass through it with no
// prepared-statement error.
const missing = pgbouncerMissing();
if (missing) console.warn(`pgbouncer.test.ts skipped: ${missing}`);
const suite = missing ? describe.skip : describe;

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
const MIGRATIONS = readdirSync(path.join(ROOT, 'services/payment/migrations')).filter((f) => f.endsWith('.sql'));

suite('behind PgBouncer in transaction mode', () => {
  let bouncer: OwnPgBouncer;
  let db: TestDatabase;

  beforeAll(async () => {
    bouncer = await startPgBouncer();
    db = await createTestDatabase('gh_bouncer');
  }, 30_000);
  afterAll(async () => {
    await db?.drop();
    await bouncer?.stop();
  });

  it('three processes starting at once migrate once, none hangs', async () => {
    const url = new URL(bouncer.url);
    url.pathname = new URL(db.url).pathname;
    const started = Date.now();
    const outputs = await Promise.all(
      [1, 2, 3].map(() =>
        run(process.execPath, ['--import', 'tsx', path.join(__dirname, 'servers/migrate-through.ts'), url.toString()], {
          cwd: ROOT,
          timeout: 30_000,
        }),
      ),
    );
    expect(Date.now() - started).toBeLessThan(30_000);
    const applied = outputs.flatMap((o) => JSON.parse(o.stdout) as string[]);
    expect(applied.sort()).toEqual([...MIGRATIONS].sort());
    const c = new Client({ connectionString: db.url });
    await c.connect();
    try {
      const { rows } = await c.query<{ n: string }>('SELECT count(*) AS n FROM payment.payment_migrations');
      expect(Number(rows[0]?.n)).toBe(MIGRATIONS.length);
    } finally {
      await c.end();
    }
  }, 60_000);

  /** Runs Jest on `suites` with every test database and stack behind the pooler; its output. */
  async function throughPooler(suites: string[]): Promise<string> {
    const result = await run(
      process.execPath,
      [path.join(ROOT, 'node_modules/jest/bin/jest.js'), '--runInBand', ...suites],
      {
        cwd: ROOT,
        env: { ...process.env, TEST_DATABASE_POOLER_URL: bouncer.url },
        timeout: 400_000,
        maxBuffer: 64 * 1024 * 1024,
      },
    ).then(
      (r) => ({ code: 0, text: r.stdout + r.stderr }),
      (err: { code?: number; stdout?: string; stderr?: string }) => ({
        code: err.code ?? 1,
        text: `${err.stdout ?? ''}${err.stderr ?? ''}`,
      }),
    );
    if (result.code !== 0) console.log(result.text.slice(-6000));
    expect(result.code).toBe(0);
    expect(result.text).toMatch(/Tests:\s+(\d+ skipped, )?\d+ passed/);
    expect(result.text).not.toMatch(/prepared statement|unsupported startup parameter/i);
    expect(bouncer.log()).not.toMatch(/prepared statement|unsupported startup parameter/i);
    return result.text;
  }

  it('the payment suites and the passkey store pass through it, with no prepared-statement error', async () => {
    await throughPooler([
      ...[
        'ledger',
        'totals',
        'faults',
        'grpc',
        'dev-processor',
        'failover',
        'commit-in-doubt',
        'reconcile-lock',
        'round-trips',
        'reversals',
        'disputes',
        'grpc-money-back',
        'velocity',
        'velocity-replicas',
      ].map((s) => `services/payment/test/${s}.test.ts`),
      'services/auth/src/stores/passkeys.test.ts',
    ]);
  }, 420_000);

  it("the gateway's payment, login and fault suites pass with the whole stack behind it", async () => {
    await throughPooler(['payment', 'faults', 'dev-login', 'passkeys'].map((s) => `gateway/test/${s}.test.ts`));
  }, 420_000);
});
