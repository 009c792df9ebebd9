// The compliance limits read per-owner running totals (migrations/003_owner_load_totals.sql): exact at
// every window edge, kept by the reservation and the settlement (failed, refused, unknown, reconciled
// loads count as before), backfilled from an existing ledger, and read with work that does not grow
// with the owner's history. Real Postgres, the real braintree SDK against the development processor.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '@gatehouse/logger';
import type { Pool } from 'pg';
import { createPool } from '../src/db';
import { PostgresLedgerStore } from '../src/ledger';
import { usageQuery } from '../src/ledger/usage.sql';
import { DAY_MS, type LimitRule, standardRules } from '../src/limits';
import { MIGRATIONS_DIR, runMigrations } from '../src/migrate';
import type { Payments } from '../src/payments';
import { type DevProcessor, startDevProcessor } from '../src/processor/dev';
import { createTestDatabase, type TestDatabase } from './db';
import { testPayments } from './helpers';
import { COUNTS_MIGRATION, insertHistory, ledgerUsage, recomputeTotals, TOTALS_MIGRATION, totalsDrift } from './totals';

const log = createLogger({ name: 'payment-test', level: 'silent' });
const ALL_WINDOWS = standardRules({
  oneDayCents: 100_000_000,
  thirtyDaysCents: 100_000_000,
  yearCents: 100_000_000,
  balanceCents: 100_000_000,
});
let db: TestDatabase;
let pool: Pool;
let fake: DevProcessor;
let owner = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, { max: 25, transactionPooling: db.transactionPooling });
  await runMigrations(pool);
  fake = await startDevProcessor({ recordRequests: true });
});

afterAll(async () => {
  await pool?.end();
  await fake?.close();
  await db?.drop();
});

afterEach(async () => {
  expect(fake.violations).toEqual([]);
  // After every test, every bucket of every owner equals the sum of its counted loads.
  expect(await totalsDrift(pool)).toEqual([]);
});

const newOwner = () => {
  owner += 1;
  return `dev_totals${owner}_${Date.now()}`;
};

function setup(options: { rules?: LimitRule[]; clock?: () => Date } = {}) {
  return { payments: testPayments(pool, fake, log, options), ownerId: newOwner() };
}

const load = (payments: Payments, ownerId: string, cardId: number, amountCents: number) =>
  payments.loadCard({ ownerId, cardId, amountCents, nonce: 'fake-valid-nonce' });

/** What the limit check reads for `ownerId` at `now`, through the store. */
function usage(ownerId: string, cardId: number, now: Date, rules = ALL_WINDOWS): Promise<number[]> {
  return new PostgresLedgerStore(pool).withOwnerLock(ownerId, (tx) => tx.usage(rules, cardId, now));
}

// First: its reconciliation round must meet no open loads but its own.
test('declined, refused, unknown and reconciled loads count exactly as before', async () => {
  let now = new Date('2025-05-05T05:05:05Z');
  const { payments, ownerId } = setup({ rules: standardRules({ oneDayCents: 210_000 }), clock: () => now });
  const card = await payments.createCard(ownerId, 'outcomes');
  const counted = () => usage(ownerId, card.id, now, standardRules({ oneDayCents: 1 })).then(([u]) => u);

  expect((await load(payments, ownerId, card.id, 200_000)).status).toBe('failed'); // declined: not counted
  expect(await counted()).toBe(0);
  expect((await load(payments, ownerId, card.id, 150_000)).status).toBe('succeeded');
  expect((await load(payments, ownerId, card.id, 100_000)).status).toBe('refused'); // refused: not counted
  expect(await counted()).toBe(150_000);

  fake.faults.push('charge-then-server-error'); // charged, answer lost: unknown, counted
  const charged = await load(payments, ownerId, card.id, 10_000);
  fake.faults.push('server-error'); // never charged: unknown, counted until reconciled
  const notCharged = await load(payments, ownerId, card.id, 20_000);
  expect([charged.status, notCharged.status]).toEqual(['unknown', 'unknown']);
  expect(await counted()).toBe(180_000);
  expect(await totalsDrift(pool, ownerId)).toEqual([]);

  now = new Date(now.getTime() + 11 * 60_000);
  expect(await payments.reconcile()).toMatchObject({ succeeded: 1, failed: 1 });
  expect(await counted()).toBe(160_000); // the charged one still counts, the other stopped
  expect((await load(payments, ownerId, card.id, 50_000)).status).toBe('succeeded'); // 2100.00 reached exactly
  expect((await load(payments, ownerId, card.id, 1)).status).toBe('refused');
});

test('concurrent loads at the limit on an owner with history: exactly the allowed number pass', async () => {
  const now = new Date();
  const { payments, ownerId } = setup({ rules: standardRules({ oneDayCents: 500_000 }) });
  // 3,000 loads of 1.00 over the last 20 hours: 3,000.00 of a 5,000.00 limit used.
  await insertHistory(pool, ownerId, { count: 3000, end: now, spanMs: 20 * 3_600_000, amountCents: 100 });
  await recomputeTotals(pool);
  const card = await payments.createCard(ownerId, 'race');
  const answers = await Promise.all(Array.from({ length: 30 }, () => load(payments, ownerId, card.id, 10_000)));
  const statuses = answers.map((a) => a.status).sort();
  expect(statuses.filter((s) => s === 'succeeded')).toHaveLength(20);
  expect(statuses.filter((s) => s === 'refused')).toHaveLength(10);
  expect((await load(payments, ownerId, card.id, 1)).errors[0]?.message).toBe('5000.00 + 0.01 > 5000.00 (1 day)');
});

test('declines settled while other loads reserve, all at once: no deadlock, no unknown, totals exact', async () => {
  const { payments, ownerId } = setup({ rules: standardRules({ oneDayCents: 100_000_000 }) });
  const card = await payments.createCard(ownerId, 'mixed');
  // Each decline removes its amount from the same day, hour and minute rows the reservations add to.
  const amounts = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? 200_000 : 100 + i));
  const answers = await Promise.all(amounts.map((a) => load(payments, ownerId, card.id, a)));
  expect(answers.map((a) => a.status)).toEqual(amounts.map((a) => (a === 200_000 ? 'failed' : 'succeeded')));
  const succeeded = amounts.filter((a) => a !== 200_000).reduce((x, y) => x + y, 0);
  expect(await usage(ownerId, card.id, new Date(), standardRules({ oneDayCents: 1 }))).toEqual([succeeded]);
});

test('the totals equal the ledger at every edge of every window, to the millisecond', async () => {
  const ownerId = newOwner();
  const end = new Date('2026-06-15T10:30:00Z');
  // Loads every 7 minutes 13.5 s for 400 days, some of each status: edges fall inside minutes, hours, days.
  const cardId = await insertHistory(pool, ownerId, {
    count: 80_000,
    end,
    spanMs: 400 * DAY_MS,
    amountCents: 7,
    statuses: ['succeeded', 'failed', 'pending', 'refused', 'unknown', 'succeeded'],
  });
  await recomputeTotals(pool);
  const { rows } = await pool.query('SELECT created_at FROM loads WHERE owner_id = $1 ORDER BY random() LIMIT 5', [
    ownerId,
  ]);
  const instants = [
    end,
    new Date('2026-06-15T00:00:00Z'), // the cutoffs fall on day, hour and minute boundaries
    new Date('2026-06-15T10:00:00Z'),
    new Date('2026-06-15T10:29:00Z'),
    new Date('2026-06-15T10:29:59.999Z'),
    new Date('2026-06-16T10:30:00.001Z'),
    new Date('2027-03-01T23:59:59.999Z'),
  ];
  // A cutoff exactly on a load (it is outside: the window is open at its start) and 1 ms either side.
  for (const r of rows as { created_at: Date }[]) {
    for (const delta of [-1, 0, 1]) instants.push(new Date(r.created_at.getTime() + DAY_MS + delta));
    instants.push(new Date(r.created_at.getTime() + 30 * DAY_MS), new Date(r.created_at.getTime() + 365 * DAY_MS));
  }
  for (const now of instants) {
    const expected = await Promise.all(
      ALL_WINDOWS.filter((r) => r.windowMs).map((r) => ledgerUsage(pool, ownerId, now, r.windowMs!)),
    );
    const read = await usage(ownerId, cardId, now);
    expect({ now, windows: read.slice(0, 3) }).toEqual({ now, windows: expected });
  }
});

test('a load rolls out of the window to the millisecond (injected clock)', async () => {
  const start = new Date('2026-02-01T23:59:59.500Z');
  let now = start;
  const { payments, ownerId } = setup({ clock: () => now });
  const card = await payments.createCard(ownerId, 'clock');
  expect((await load(payments, ownerId, card.id, 30_000)).status).toBe('succeeded');
  now = new Date(start.getTime() + 61_000); // the next minute, hour and day
  expect((await load(payments, ownerId, card.id, 20_000)).status).toBe('succeeded');
  now = new Date(start.getTime() + DAY_MS); // the first load's instant a day later: no longer counted
  expect(await usage(ownerId, card.id, now, standardRules({ oneDayCents: 1 }))).toEqual([20_000]);
  expect((await load(payments, ownerId, card.id, 30_000)).status).toBe('succeeded');
  now = new Date(start.getTime() + DAY_MS + 60_999); // the second load is still inside, by 1 ms
  expect((await load(payments, ownerId, card.id, 1)).errors[0]?.message).toBe('500.00 + 0.01 > 500.00 (1 day)');
  now = new Date(start.getTime() + DAY_MS + 61_000);
  expect(await usage(ownerId, card.id, now, standardRules({ oneDayCents: 1 }))).toEqual([30_000]);
});

test('the migration backfills the totals of an existing ledger, and running it again changes nothing', async () => {
  const old = await createTestDatabase();
  const dir = mkdtempSync(path.join(tmpdir(), 'payment-migrations-'));
  const oldPool = createPool(old.url, { max: 2, transactionPooling: old.transactionPooling });
  try {
    for (const f of ['001_ledger.sql', '002_unsettled_index.sql'])
      cpSync(path.join(MIGRATIONS_DIR, f), path.join(dir, f));
    expect(await runMigrations(oldPool, dir)).toEqual(['001_ledger.sql', '002_unsettled_index.sql']);
    const end = new Date('2026-04-01T12:34:56.789Z');
    const statuses = ['succeeded', 'failed', 'refused', 'pending', 'unknown'];
    const a = await insertHistory(oldPool, 'dev_a', {
      count: 5000,
      end,
      spanMs: 40 * DAY_MS,
      amountCents: 3,
      statuses,
    });
    await insertHistory(oldPool, 'dev_b', { count: 700, end, spanMs: 2 * DAY_MS, amountCents: 11, statuses });

    // (004, reversals and disputes, 005, notification digests, and 006, owner closures, come along: they do not touch the totals.)
    expect(await runMigrations(oldPool)).toEqual([
      '003_owner_load_totals.sql',
      '004_reversals_disputes.sql',
      '005_notification_digest.sql',
      '006_owner_closures.sql',
      '007_statements.sql',
      '008_limit_policies.sql',
      '009_reconciliation.sql',
      '010_velocity_rules.sql',
      '011_policy_reversals.sql',
      '012_overview_summaries.sql',
    ]);
    expect(await totalsDrift(oldPool)).toEqual([]);
    const { rows } = await oldPool.query('SELECT count(*)::int AS n FROM owner_load_totals');
    expect(rows[0].n).toBeGreaterThan(0);
    const store = new PostgresLedgerStore(oldPool);
    const read = await store.withOwnerLock('dev_a', (tx) => tx.usage(ALL_WINDOWS.slice(0, 2), a, end));
    expect(read).toEqual([
      await ledgerUsage(oldPool, 'dev_a', end, DAY_MS),
      await ledgerUsage(oldPool, 'dev_a', end, 30 * DAY_MS),
    ]);
    expect(read[1]).toBe(3 * 3 * 750); // i = 0..3749 inside 30 days, three counted statuses of five

    const before = await oldPool.query('SELECT * FROM owner_load_totals ORDER BY 1, 2, 3');
    await oldPool.query(TOTALS_MIGRATION);
    await oldPool.query(COUNTS_MIGRATION);
    expect((await oldPool.query('SELECT * FROM owner_load_totals ORDER BY 1, 2, 3')).rows).toEqual(before.rows);
  } finally {
    await oldPool.end();
    await old.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

/** The rows the scan nodes of a statement read (actual rows × loops), from EXPLAIN ANALYZE. */
async function rowsRead(text: string, values: unknown[]): Promise<{ rows: number; plan: string }> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, values);
    await client.query('ROLLBACK');
    let read = 0;
    const scans: string[] = [];
    const walk = (node: Record<string, unknown>) => {
      if (typeof node['Relation Name'] === 'string') {
        read += (node['Actual Rows'] as number) * (node['Actual Loops'] as number);
        scans.push(`${node['Node Type']} on ${node['Relation Name']}`);
      }
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
    };
    walk(rows[0]['QUERY PLAN'][0].Plan);
    return { rows: read, plan: scans.join('; ') };
  } finally {
    client.release();
  }
}

const checkReads = (ownerId: string, cardId: number, now: Date) => {
  const { text, values } = usageQuery(ALL_WINDOWS, ownerId, cardId, now);
  return rowsRead(text, values);
};

test('the check reads the same bounded rows with 50,000 loads in the window as with none', async () => {
  const now = new Date();
  const busy = newOwner();
  const busyCard = await insertHistory(pool, busy, { count: 50_000, end: now, spanMs: DAY_MS, amountCents: 1 });
  await recomputeTotals(pool);
  await pool.query('ANALYZE loads; ANALYZE owner_load_totals');
  const fresh = newOwner();
  const freshCard = Number(
    (
      await pool.query("INSERT INTO cards (owner_id, name, created_at) VALUES ($1, 'fresh', now()) RETURNING id", [
        fresh,
      ])
    ).rows[0].id,
  );
  const quiet = await checkReads(fresh, freshCard, now);
  const history = await checkReads(busy, busyCard, now);
  // Fresh: the card's balance row, per window nothing. With history: that row, the day/hour/minute
  // buckets in the windows (1 + 23 + 59 at most each) and the ~35 loads of the edge minute of the day.
  expect(quiet.rows).toBeLessThanOrEqual(2);
  expect(history.rows).toBeLessThan(400);
  expect(history.plan).toContain('owner_load_totals');
  expect(history.plan).not.toMatch(/Seq Scan/);
  // The same three windows summed over the ledger (the check before the totals) read every load.
  const before = await rowsRead(
    `SELECT sum(amount_cents) FROM loads WHERE owner_id = $1 AND status IN ('pending', 'succeeded', 'unknown')
        AND created_at > $2`,
    [busy, new Date(now.getTime() - DAY_MS)],
  );
  expect(before.rows).toBe(50_000);
  expect(await usage(busy, busyCard, now)).toEqual([50_000, 50_000, 50_000, 0]);
}, 60_000);
