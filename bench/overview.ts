// The admin overview at scale (issue 48): GET /admin/v1/overview through the real stack (the gateway's
// admin listener, auth and payment over gRPC in parallel) on 100,000 users, 1,000,000 trail events and
// 100,000 loads seeded in bulk; p50, p95 and max of sequential calls against the 200 ms target. Then
// what the summaries cost the hot paths: single-row INSERTs of a login event into the trail, and
// single-row INSERTs of a settled load, with the counting trigger on and off, alternating rounds.
// `pnpm bench overview [--samples=n]`, or `npx tsx bench/overview.ts`.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { createLedgerDatabase } from '@gatehouse/test-kit/databases';
import { freePort, startStack } from '@gatehouse/test-kit/stack';
import { Client } from 'pg';
import { DirectoryOverview, hoursStart } from '../services/auth/src/directory/overview';
import { createPool as authPool, runMigrations as migrateAuth } from '../services/auth/src/stores/postgres';
import { AdminLedgerViews } from '../services/payment/src/admin-views';
import { createPool as ledgerPool } from '../services/payment/src/db';
import { PostgresAdminViews, PostgresDisputeStore, PostgresReversalStore } from '../services/payment/src/ledger';
import { runMigrations as migrateLedger } from '../services/payment/src/migrate';
import { median } from './harness';

export const OVERVIEW_P95_TARGET_MS = 200;
const ROOT = path.resolve(__dirname, '..');

const SEED_USERS = `
INSERT INTO auth.users (id, name, email, status, created_at, last_login_at)
SELECT 'seed_' || g, 'User ' || g, 'u' || g || '@example.com',
       CASE WHEN g % 97 = 0 THEN 'blocked' ELSE 'active' END,
       now() - (g % 43200) * interval '1 minute',
       CASE WHEN g % 3 = 0 THEN NULL ELSE now() - (g % 20160) * interval '37 seconds' END
  FROM generate_series(1, 100000) g`;

const SEED_EVENTS = `
INSERT INTO events.events (id, time, type, actor_kind, actor_id, subject_user, data)
SELECT lpad(($1::bigint + g)::text, 26, '0'), now() - ((g * 7919) % 864000) * interval '1 second',
       (ARRAY['login.succeeded', 'login.succeeded', 'login.failed', 'session.ended', 'user.updated'])[1 + g % 5],
       'user', 'seed_' || (g % 100000), 'seed_' || (g % 100000),
       jsonb_build_object('provider', (ARRAY['dev', 'github', 'local'])[1 + (g / 5) % 3])
  FROM generate_series(1, 100000) g`;

const SEED_CARDS = `INSERT INTO cards (owner_id, name, created_at)
  SELECT 'seed_' || g, 'Card', now() FROM generate_series(1, 1000) g`;
const SEED_LOADS = `
INSERT INTO loads (card_id, owner_id, amount_cents, status, processor_response_code, created_at)
SELECT c.id, c.owner_id, 100 + g % 5000,
       (ARRAY['succeeded', 'succeeded', 'succeeded', 'failed', 'refused'])[1 + g % 5],
       CASE WHEN g % 5 = 3 THEN '2000' END, now() - ((g * 7919) % 604800) * interval '1 second'
  FROM generate_series(1, 100000) g JOIN cards c ON c.id = 1 + g % 1000`;

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)] ?? 0;

interface Percentiles {
  p50: number;
  p95: number;
  max: number;
}

export interface OverviewBenchResult {
  /** Through the stack: the gateway's admin listener, auth and payment over gRPC; null if it did not start. */
  stack: Percentiles | { error: string };
  /** The two services' reads alone, in parallel on their pools, as the gateway asks them. */
  reads: Percentiles;
  samples: number;
  /** Microseconds per single-row INSERT, the counting trigger on and off (median of rounds). */
  trailInsertUs: { on: number; off: number };
  loadInsertUs: { on: number; off: number };
}

async function insertsUs(pg: Client, sql: (i: number) => string, n: number): Promise<number> {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await pg.query(sql(i));
  return Number(process.hrtime.bigint() - t0) / 1e3 / n;
}

/** One INSERT each way per round, alternating which goes first, so a busy machine weighs on both. */
async function triggerCost(pg: Client, table: string, trigger: string, sql: (i: number) => string) {
  const on: number[] = [];
  const off: number[] = [];
  let next = 0;
  for (let round = 0; round < 6; round++) {
    for (const enabled of round % 2 === 0 ? [true, false] : [false, true]) {
      await pg.query(`ALTER TABLE ${table} ${enabled ? 'ENABLE' : 'DISABLE'} TRIGGER ${trigger}`);
      const us = await insertsUs(pg, (i) => sql(next + i), 300);
      next += 300;
      (enabled ? on : off).push(us);
    }
  }
  await pg.query(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`);
  return { on: median(on), off: median(off) };
}

async function timed(samples: number, call: () => Promise<unknown>): Promise<Percentiles> {
  for (let i = 0; i < 10; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = process.hrtime.bigint();
    await call();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return { p50: pct(times, 0.5), p95: pct(times, 0.95), max: Math.max(...times) };
}

/** The stack on the seeded database, or why it did not start (a machine too busy to start it in time). */
async function throughStack(dbUrl: string, samples: number): Promise<Percentiles | { error: string }> {
  let stack: Awaited<ReturnType<typeof startStack>>;
  try {
    stack = await startStack({
      services: ['auth', 'avatar', 'payment', 'gateway'],
      authDatabaseUrl: dbUrl,
      env: { DATABASE_URL: dbUrl, PAYMENT_DEV_PROCESSOR: 'true', PAYMENT_DEV_PROCESSOR_PORT: String(await freePort()) },
    });
  } catch (err) {
    return { error: (err as Error).message.split('\n')[0] ?? 'the stack did not start' };
  }
  try {
    const token = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/internal-token.ts', 'admin', 'operator'],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', INTERNAL_KEYS_DIR: path.join(stack.dataDir, 'internal-keys') },
      },
    )
      .toString()
      .trim();
    const url = `http://127.0.0.1:${stack.ports.admin}/admin/v1/overview`;
    const call = async () => {
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as { users?: { total: number }; unavailable?: string[] };
      if (res.status !== 200 || body.users?.total !== 100_000 || body.unavailable?.length)
        throw new Error(`overview answered ${res.status}: ${JSON.stringify(body).slice(0, 200)}`);
    };
    return await timed(samples, call);
  } finally {
    await stack.stop();
  }
}

export async function runOverviewBench(samples = 200): Promise<OverviewBenchResult> {
  const db = await createLedgerDatabase();
  const auth = authPool(db.url, undefined, { transactionPooling: db.transactionPooling });
  const ledger = ledgerPool(db.url, { max: 4 });
  const pg = new Client({ connectionString: db.url });
  await pg.connect();
  try {
    await migrateAuth(auth);
    await migrateLedger(ledger);
    await pg.query(SEED_USERS);
    for (let batch = 0; batch < 10; batch++) await pg.query(SEED_EVENTS, [batch * 100_000]);
    await pg.query(SEED_CARDS);
    await pg.query(SEED_LOADS);
    await pg.query('ANALYZE auth.users; ANALYZE events.events; ANALYZE loads');
    const directory = new DirectoryOverview({ pool: auth });
    const views = new AdminLedgerViews({
      views: new PostgresAdminViews(ledger),
      reversals: new PostgresReversalStore(ledger),
      disputes: new PostgresDisputeStore(ledger),
    });
    const reads = await timed(samples, async () => {
      const start = hoursStart(Date.now());
      const [a] = await Promise.all([directory.read(start), views.overview(start)]);
      if (a.users.total !== 100_000) throw new Error(`the overview counted ${a.users.total} users`);
    });
    const stack = await throughStack(db.url, samples);
    const trailInsertUs = await triggerCost(
      pg,
      'events.events',
      'events_overview',
      (i) =>
        `INSERT INTO events.events (id, type, actor_kind, actor_id, subject_user, data)
         VALUES ('bench${String(i).padStart(21, '0')}', 'login.succeeded', 'user', 'seed_1', 'seed_1', '{"provider":"dev"}')`,
    );
    const loadInsertUs = await triggerCost(
      pg,
      'loads',
      'loads_overview_insert',
      () =>
        `INSERT INTO loads (card_id, owner_id, amount_cents, status, created_at) VALUES (1, 'seed_1', 100, 'succeeded', now())`,
    );
    return { stack, reads, samples, trailInsertUs, loadInsertUs };
  } finally {
    await pg.end();
    await auth.end();
    await ledger.end();
    await db.drop();
  }
}

if (require.main === module) {
  runOverviewBench(Number(process.argv[2]) || undefined).then(
    (r) => console.log(JSON.stringify(r, null, 2)),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
