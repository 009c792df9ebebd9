// The ledger and its compliance limits against real Postgres, with the real braintree SDK talking to
// the loopback gateway: no race past a limit, the exact boundary, the rolling window, idempotency.
import { AppError } from '@gatehouse/errors';
import { createLogger } from '@gatehouse/logger';
import type { Pool } from 'pg';
import { createPool } from '../src/db';
import { DAY_MS, type LimitRule, standardRules } from '../src/limits';
import { runMigrations } from '../src/migrate';
import type { Payments } from '../src/payments';
import { type DevProcessor, startDevProcessor } from '../src/processor/dev';
import { createTestDatabase, type TestDatabase } from './db';
import { testPayments } from './helpers';

const log = createLogger({ name: 'payment-test', level: 'silent' });
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

afterEach(() => {
  expect(fake.violations).toEqual([]);
});

/** A Payments over the shared database, a new owner per test (limits are per owner). */
function setup(options: { rules?: LimitRule[]; clock?: () => Date; timeoutMs?: number } = {}) {
  const payments = testPayments(pool, fake, log, options);
  owner += 1;
  return { payments, ownerId: `dev_owner${owner}_${Date.now()}` };
}

const load = (payments: Payments, ownerId: string, cardId: number, amountCents: number, idempotencyKey?: string) =>
  payments.loadCard({ ownerId, cardId, amountCents, nonce: 'fake-valid-nonce', idempotencyKey });

async function ledgerSum(cardId: number): Promise<number> {
  const { rows } = await pool.query(
    "SELECT coalesce(sum(amount_cents), 0)::bigint AS s FROM loads WHERE card_id = $1 AND status = 'succeeded'",
    [cardId],
  );
  return Number(rows[0].s);
}

test('migrations are recorded and not applied twice', async () => {
  expect(await runMigrations(pool)).toEqual([]);
  const { rows } = await pool.query('SELECT name FROM payment_migrations');
  expect(rows.map((r) => r.name).sort()).toEqual([
    '001_ledger.sql',
    '002_unsettled_index.sql',
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
  // In their own schema, so that sharing a database with other services cannot mix tables.
  const where = await pool.query("SELECT to_regclass('payment.loads') AS loads, to_regclass('public.loads') AS public");
  expect(where.rows[0]).toEqual({ loads: 'loads', public: null });
});

test('20 concurrent loads of 100.00 against 500.00: exactly 5 succeed and the balance equals the ledger', async () => {
  const { payments, ownerId } = setup();
  const card = await payments.createCard(ownerId, 'Card-1');
  const approvedBefore = fake.approved.size;
  const answers = await Promise.all(Array.from({ length: 20 }, () => load(payments, ownerId, card.id, 10_000)));
  const byStatus = answers.reduce<Record<string, number>>((acc, a) => {
    acc[a.status] = (acc[a.status] ?? 0) + 1;
    return acc;
  }, {});
  expect(byStatus).toEqual({ succeeded: 5, refused: 15 });
  for (const a of answers.filter((x) => x.status === 'refused')) {
    expect(a.errors).toEqual([
      { code: 'compliance-1-day', message: expect.stringMatching(/ \+ 100\.00 > 500\.00 \(1 day\)$/) },
    ]);
  }
  // The processor was charged exactly five times; refused loads never reached it.
  expect(fake.approved.size - approvedBefore).toBe(5);
  const [after] = (await payments.listCards(ownerId)).cards;
  expect(after!.balanceCents).toBe(50_000);
  expect(await ledgerSum(card.id)).toBe(50_000);
});

test('495.00 + 5.00 reaches the limit exactly and is allowed; 495.00 + 5.01 is refused with the exact message', async () => {
  const a = setup();
  const cardA = await a.payments.createCard(a.ownerId, 'A');
  expect((await load(a.payments, a.ownerId, cardA.id, 49_500)).status).toBe('succeeded');
  const exact = await load(a.payments, a.ownerId, cardA.id, 500);
  expect(exact).toMatchObject({ status: 'succeeded', errors: [], balanceCents: 50_000 });

  const b = setup();
  const cardB = await b.payments.createCard(b.ownerId, 'B');
  await load(b.payments, b.ownerId, cardB.id, 49_500);
  const requestsBefore = fake.requests.length;
  const over = await load(b.payments, b.ownerId, cardB.id, 501);
  expect(over).toMatchObject({
    status: 'refused',
    errors: [{ code: 'compliance-1-day', message: '495.00 + 5.01 > 500.00 (1 day)' }],
    balanceCents: 49_500,
  });
  expect(fake.requests.length).toBe(requestsBefore); // a violation never charges the processor
});

test('the window is per owner across all their cards', async () => {
  const { payments, ownerId } = setup();
  const c1 = await payments.createCard(ownerId, 'one');
  const c2 = await payments.createCard(ownerId, 'two');
  await load(payments, ownerId, c1.id, 40_000);
  const refused = await load(payments, ownerId, c2.id, 20_000);
  expect(refused.errors[0]?.message).toBe('400.00 + 200.00 > 500.00 (1 day)');
  expect((await load(payments, ownerId, c2.id, 10_000)).status).toBe('succeeded');
});

test('a load older than 24 hours no longer counts (injected clock)', async () => {
  let now = new Date('2026-01-01T12:00:00Z');
  const { payments, ownerId } = setup({ clock: () => now });
  const card = await payments.createCard(ownerId, 'clock');
  expect((await load(payments, ownerId, card.id, 50_000)).status).toBe('succeeded');

  now = new Date(now.getTime() + DAY_MS - 1000); // 23:59:59 later: still inside the window
  expect(await load(payments, ownerId, card.id, 100)).toMatchObject({
    status: 'refused',
    errors: [{ message: '500.00 + 1.00 > 500.00 (1 day)' }],
  });

  now = new Date(now.getTime() + 2000); // 24:00:01 after the first load
  expect((await load(payments, ownerId, card.id, 50_000)).status).toBe('succeeded');
  expect((await payments.listCards(ownerId)).cards[0]!.balanceCents).toBe(100_000);
});

test('declined loads do not count; unknown outcomes do and are never credited', async () => {
  const { payments, ownerId } = setup({ rules: standardRules({ oneDayCents: 210_000 }) });
  const card = await payments.createCard(ownerId, 'declines');
  const declined = await load(payments, ownerId, card.id, 200_000);
  expect(declined).toMatchObject({ status: 'failed', errors: [{ code: '2000', message: 'Do Not Honor' }] });
  expect((await load(payments, ownerId, card.id, 199_999)).status).toBe('succeeded');

  fake.faults.push('server-error');
  const unknown = await load(payments, ownerId, card.id, 5_000);
  expect(unknown).toMatchObject({
    status: 'unknown',
    errors: [{ code: 'processor-unavailable' }],
    balanceCents: 199_999,
  });
  // 1999.99 succeeded + 50.00 unknown = 2049.99 counted; 60.01 more would pass 2100.00.
  expect((await load(payments, ownerId, card.id, 6_001)).errors[0]?.message).toBe('2049.99 + 60.01 > 2100.00 (1 day)');
  expect(await ledgerSum(card.id)).toBe(199_999);
  const loads = await payments.listLoads(ownerId, card.id);
  expect(loads.map((l) => l.status)).toEqual(['refused', 'unknown', 'succeeded', 'failed']);
});

test('more windows and a balance limit report their own codes, several at once', async () => {
  const rules = standardRules({ oneDayCents: 50_000, thirtyDaysCents: 80_000, balanceCents: 60_000 });
  let now = new Date('2026-03-01T00:00:00Z');
  const { payments, ownerId } = setup({ rules, clock: () => now });
  const card = await payments.createCard(ownerId, 'windows');
  await load(payments, ownerId, card.id, 50_000);
  now = new Date(now.getTime() + 2 * DAY_MS);
  const refused = await load(payments, ownerId, card.id, 40_000);
  expect(refused.errors).toEqual([
    { code: 'compliance-30-days', message: '500.00 + 400.00 > 800.00 (30 days)' },
    { code: 'compliance-balance', message: '500.00 + 400.00 > 600.00 (balance)' },
  ]);
});

test('idempotency keys replay the first answer and refuse a different request', async () => {
  const { payments, ownerId } = setup();
  const card = await payments.createCard(ownerId, 'idem');
  const first = await load(payments, ownerId, card.id, 1_000, 'key-1');
  const requests = fake.requests.length;
  const again = await load(payments, ownerId, card.id, 1_000, 'key-1');
  expect(again).toEqual({ ...first, replayed: true });
  expect(fake.requests.length).toBe(requests); // charged once
  expect((await payments.listCards(ownerId)).cards[0]!.balanceCents).toBe(1_000);

  await expect(load(payments, ownerId, card.id, 2_000, 'key-1')).rejects.toMatchObject({
    kind: 'already_exists',
    code: 'IDEMPOTENCY_KEY_REUSED',
  });
  // A refusal is an answer too: replayed, not re-evaluated.
  const refused = await load(payments, ownerId, card.id, 60_000, 'key-2');
  expect(refused.status).toBe('refused');
  expect(await load(payments, ownerId, card.id, 60_000, 'key-2')).toEqual({ ...refused, replayed: true });
  // Keys are per owner: another owner's same key is a new request.
  const other = setup();
  const otherCard = await other.payments.createCard(other.ownerId, 'other');
  expect((await load(other.payments, other.ownerId, otherCard.id, 1_000, 'key-1')).replayed).toBe(false);
});

test("another owner's card is not found, and neither is a missing one", async () => {
  const a = setup();
  const b = setup();
  const card = await a.payments.createCard(a.ownerId, 'mine');
  for (const attempt of [
    () => load(b.payments, b.ownerId, card.id, 100),
    () => load(a.payments, a.ownerId, 999_999_999, 100),
    () => b.payments.listLoads(b.ownerId, card.id),
  ]) {
    await expect(attempt()).rejects.toMatchObject({ kind: 'not_found', code: 'CARD_NOT_FOUND' });
  }
  expect(await b.payments.listCards(b.ownerId)).toEqual({ cards: [], next: '' });
});

test('invalid input is refused before anything is recorded', async () => {
  const { payments, ownerId } = setup();
  const card = await payments.createCard(ownerId, 'x');
  for (const amountCents of [0, -100, 1.5, Number.NaN]) {
    await expect(load(payments, ownerId, card.id, amountCents)).rejects.toBeInstanceOf(AppError);
  }
  await expect(payments.loadCard({ ownerId, cardId: card.id, amountCents: 100, nonce: ' ' })).rejects.toMatchObject({
    code: 'INVALID_NONCE',
  });
  await expect(payments.createCard(ownerId, '   ')).rejects.toMatchObject({ code: 'INVALID_CARD_NAME' });
  expect(await payments.listLoads(ownerId, card.id)).toEqual([]);
});

test('a processor that hangs past the timeout leaves the load unknown: not credited, still counted', async () => {
  const { payments, ownerId } = setup({ timeoutMs: 300 });
  const card = await payments.createCard(ownerId, 'hang');
  fake.faults.push('hang');
  const answer = await load(payments, ownerId, card.id, 45_000);
  expect(answer).toMatchObject({ status: 'unknown', balanceCents: 0, errors: [{ code: 'processor-unavailable' }] });
  expect((await load(payments, ownerId, card.id, 10_000)).errors[0]?.message).toBe('450.00 + 100.00 > 500.00 (1 day)');
  const [unknown] = (await payments.listLoads(ownerId, card.id)).filter((l) => l.status === 'unknown');
  expect(unknown?.processorResponseText).toMatch(/timed out|no answer/);
});

test('reconciliation settles open loads from what the processor recorded, once', async () => {
  let now = new Date('2020-01-01T00:00:00Z');
  const { payments, ownerId } = setup({ clock: () => now });
  const card = await payments.createCard(ownerId, 'reconcile');
  fake.faults.push('charge-then-server-error'); // charged, but the answer was lost
  const charged = await load(payments, ownerId, card.id, 10_000);
  fake.faults.push('server-error'); // never charged
  const notCharged = await load(payments, ownerId, card.id, 20_000);
  expect([charged.status, notCharged.status, charged.balanceCents]).toEqual(['unknown', 'unknown', 0]);

  now = new Date(now.getTime() + 5 * 60_000); // too recent to ask about
  expect(await payments.reconcile()).toEqual({ checked: 0, succeeded: 0, failed: 0, stillUnknown: 0 });

  now = new Date(now.getTime() + 6 * 60_000);
  fake.searchFaults.push('server-error'); // the processor does not answer the first search
  expect(await payments.reconcile()).toEqual({ checked: 2, succeeded: 0, failed: 1, stillUnknown: 1 });
  expect(await payments.reconcile()).toEqual({ checked: 1, succeeded: 1, failed: 0, stillUnknown: 0 });
  expect(await payments.reconcile()).toEqual({ checked: 0, succeeded: 0, failed: 0, stillUnknown: 0 });

  const loads = await payments.listLoads(ownerId, card.id);
  expect(loads.map((l) => [l.id, l.status])).toEqual([
    [notCharged.loadId, 'failed'],
    [charged.loadId, 'succeeded'],
  ]);
  expect(loads[1]?.processorTransactionId).toMatch(/^[0-9a-f]{10}$/);
  expect((await payments.listCards(ownerId)).cards[0]!.balanceCents).toBe(10_000);
  expect(await ledgerSum(card.id)).toBe(10_000);
  // The failed load no longer counts: 100.00 succeeded, 400.00 still fit.
  expect((await load(payments, ownerId, card.id, 40_000)).status).toBe('succeeded');
  const searches = fake.requests.filter((r) => r.path.endsWith('/transactions/advanced_search_ids'));
  expect(searches.at(-1)?.body).toEqual({ search: { order_id: { is: `load-${charged.loadId}` } } });
});

test('concurrent requests with one idempotency key charge once', async () => {
  const { payments, ownerId } = setup();
  const card = await payments.createCard(ownerId, 'same-key');
  const approvedBefore = fake.approved.size;
  const settled = await Promise.allSettled(
    Array.from({ length: 5 }, () => load(payments, ownerId, card.id, 2_500, 'k')),
  );
  const fulfilled = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const rejected = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason] : []));
  // The first reserves; the others either replay its answer or learn that it is still running.
  expect(fulfilled.filter((a) => !a.replayed)).toHaveLength(1);
  for (const err of rejected) expect(err).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE' });
  expect(fake.approved.size - approvedBefore).toBe(1);
  expect(await ledgerSum(card.id)).toBe(2_500);
});
