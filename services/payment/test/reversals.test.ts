// Reversals on the real ledger (Postgres) through the real braintree SDK aimed at the development
// processor: a void before settlement (balance back, limit share freed), refunds in parts after it, the
// refund refused while the sale settles that completes after settlement, refusals, idempotency,
// concurrency, unknown outcomes reconciled once, and refunds made in the processor's control panel.
import { createLogger } from '@gatehouse/logger';
import type { Pool } from 'pg';
import { createPool } from '../src/db';
import { standardRules } from '../src/limits';
import { runMigrations } from '../src/migrate';
import { type DevProcessor, startDevProcessor } from '../src/processor/dev';
import type { Requester } from '../src/reversals/requests';
import { createTestDatabase, type TestDatabase } from './db';
import { testPayments } from './helpers';
import { cardMoney, refundInControlPanel, settle } from './money-back';
import { totalsDrift } from './totals';

const log = createLogger({ name: 'reversals-test', level: 'silent' });
let db: TestDatabase;
let pool: Pool;
let dev: DevProcessor;
let owners = 0;
/** Reconciliation only looks at reversals older than 10 minutes: the clock moves past that. */
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, { max: 20, transactionPooling: db.transactionPooling });
  await runMigrations(pool);
  dev = await startDevProcessor({ recordRequests: true });
});

afterAll(async () => {
  await pool?.end();
  await dev?.close();
  await db?.drop();
});

afterEach(() => expect(dev.violations).toEqual([]));

async function newCard(options: { oneDayCents?: number; refundsFreeLimits?: boolean } = {}) {
  const payments = testPayments(pool, dev, log, {
    rules: standardRules({ oneDayCents: options.oneDayCents ?? 1_000_000 }),
    clock,
    refundsFreeLimits: options.refundsFreeLimits,
  });
  const ownerId = `dev_reverser${++owners}`;
  const card = await payments.createCard(ownerId, 'Card-1');
  const owner: Requester = { kind: 'owner', ownerId };
  const load = async (amountCents: number) => {
    const answer = await payments.loadCard({ ownerId, cardId: card.id, amountCents, nonce: 'fake-valid-nonce' });
    const [row] = (await payments.listLoads(ownerId, card.id)).filter((l) => l.id === answer.loadId);
    return { ...answer, saleId: row?.processorTransactionId ?? '' };
  };
  const reverse = (loadId: number, amountCents = 0, idempotencyKey?: string, requester: Requester = owner) =>
    payments.reverseLoad({ requester, cardId: card.id, loadId, amountCents, idempotencyKey });
  const loadView = async (loadId: number) => (await payments.listLoads(ownerId, card.id)).find((l) => l.id === loadId)!;
  return { payments, ownerId, card, load, reverse, loadView, money: () => cardMoney(pool, card.id) };
}

test('a load not yet settled is voided: the balance goes back and its share of the 1-day limit is free again', async () => {
  const { load, reverse, loadView, money, ownerId } = await newCard({ oneDayCents: 50_000 });
  const first = await load(30_000);
  const voided = await reverse(first.loadId);
  expect(voided).toMatchObject({ status: 'succeeded', errors: [], balanceCents: 0, replayed: false });
  expect(voided.reversal).toMatchObject({ method: 'void', amountCents: 30_000, requestedBy: `user:${ownerId}` });
  expect(dev.transactions.get(first.saleId)?.status).toBe('voided');
  // No money moved, so the load no longer counts: 300.00 fits under 500.00 again.
  expect((await load(30_000)).status).toBe('succeeded');
  expect(await loadView(first.loadId)).toMatchObject({ reversibleCents: 0, reversedCents: 30_000 });
  expect(await money()).toMatchObject({ balance: 30_000, loaded: 60_000, reversed: 30_000 });
  expect(await totalsDrift(pool, ownerId)).toEqual([]);
});

test('a settled load is refunded in two parts; a refund keeps its share of the limits (unless PAYMENT_REFUNDS_FREE_LIMITS)', async () => {
  const { load, reverse, loadView, money } = await newCard({ oneDayCents: 50_000 });
  const loaded = await load(30_000);
  await settle(dev, loaded.saleId);
  const part = await reverse(loaded.loadId, 10_000);
  expect(part).toMatchObject({ status: 'succeeded', balanceCents: 20_000, reversal: { method: 'refund' } });
  expect(await loadView(loaded.loadId)).toMatchObject({ reversibleCents: 20_000 });
  const rest = await reverse(loaded.loadId);
  expect(rest).toMatchObject({ status: 'succeeded', balanceCents: 0, reversal: { amountCents: 20_000 } });
  const credits = [part, rest].map((a) => dev.transactions.get(a.reversal.processorTransactionId ?? ''));
  expect(credits.map((c) => [c?.type, c?.amount, c?.refundedTransactionId])).toEqual([
    ['credit', '100.00', loaded.saleId],
    ['credit', '200.00', loaded.saleId],
  ]);
  expect(await reverse(loaded.loadId, 1)).toMatchObject({ status: 'refused', errors: [{ code: 'not-reversible' }] });
  // Money did move twice: the refunded 300.00 still counts, and 300.00 more would pass 500.00.
  expect(await load(30_000)).toMatchObject({ status: 'refused', errors: [{ code: 'compliance-1-day' }] });
  expect(await money()).toMatchObject({ balance: 0, loaded: 30_000, reversed: 30_000 });

  const freeing = await newCard({ oneDayCents: 50_000, refundsFreeLimits: true });
  const again = await freeing.load(30_000);
  await settle(dev, again.saleId);
  expect((await freeing.reverse(again.loadId)).status).toBe('succeeded');
  expect((await freeing.load(30_000)).status).toBe('succeeded');
  expect(await totalsDrift(pool, freeing.ownerId)).toEqual([]);
});

test('a partial reversal before settlement is partial-before-settlement; a whole one of a sale settled meanwhile is a refund', async () => {
  const { load, reverse, money } = await newCard();
  const loaded = await load(10_000);
  const partial = await reverse(loaded.loadId, 4_000);
  expect(partial).toMatchObject({
    status: 'failed',
    errors: [{ code: 'partial-before-settlement' }],
    balanceCents: 10_000,
  });
  expect(dev.transactions.get(loaded.saleId)?.refundIds).toEqual([]);
  // The sale settles: the void is refused (91504) and the reversal goes on as a refund of the whole.
  await settle(dev, loaded.saleId);
  const whole = await reverse(loaded.loadId);
  expect(whole).toMatchObject({ status: 'succeeded', reversal: { method: 'refund', amountCents: 10_000 } });
  expect(await money()).toMatchObject({ balance: 0, reversed: 10_000 });
});

test('a refund while the sale settles waits for settlement, then reconciliation completes it; replays answer it as it stands', async () => {
  const { payments, load, reverse, loadView, money } = await newCard();
  const loaded = await load(10_000);
  dev.transactions.get(loaded.saleId)!.status = 'settling';
  const waiting = await reverse(loaded.loadId, 0, 'refund-1');
  expect(waiting).toMatchObject({
    status: 'awaiting_settlement',
    balanceCents: 10_000,
    reversal: { method: 'refund' },
  });
  // Reserved: nothing more of the load can be reversed meanwhile, and it never became a void.
  expect(await reverse(loaded.loadId, 1)).toMatchObject({ status: 'refused', errors: [{ code: 'not-reversible' }] });
  expect(dev.transactions.get(loaded.saleId)?.status).toBe('settling');
  expect(await reverse(loaded.loadId, 0, 'refund-1')).toMatchObject({ status: 'awaiting_settlement', replayed: true });
  // Still settling: the round tries again and it keeps waiting.
  expect((await payments.reconcileMoneyBack()).reversals).toMatchObject({ succeeded: 0, open: 1 });
  await settle(dev, loaded.saleId);
  expect((await payments.reconcileMoneyBack()).reversals).toMatchObject({ succeeded: 1 });
  expect(await reverse(loaded.loadId, 0, 'refund-1')).toMatchObject({
    status: 'succeeded',
    replayed: true,
    balanceCents: 0,
  });
  expect(await loadView(loaded.loadId)).toMatchObject({ reversibleCents: 0, reversedCents: 10_000 });
  expect(await money()).toMatchObject({ balance: 0, reversed: 10_000 });
  expect(dev.transactions.get(loaded.saleId)?.refundIds).toHaveLength(1);
});

test('refused before the processor: a declined load, a voided one, more than is left of it; not found: another owner’s', async () => {
  const { load, reverse, card, payments } = await newCard();
  const declined = await load(200_000); // 2000.00: the sandbox declines it
  expect(declined.status).toBe('failed');
  expect(await reverse(declined.loadId)).toMatchObject({ status: 'refused', errors: [{ code: 'not-reversible' }] });
  const voided = await load(5_000);
  await reverse(voided.loadId);
  expect(await reverse(voided.loadId)).toMatchObject({ status: 'refused', errors: [{ code: 'not-reversible' }] });
  const settled = await load(5_000);
  await settle(dev, settled.saleId);
  expect(await reverse(settled.loadId, 5_001)).toMatchObject({
    status: 'refused',
    errors: [{ code: 'exceeds-reversible', message: '50.01 > 50.00 (what is left of the load to reverse)' }],
  });
  const stranger: Requester = { kind: 'owner', ownerId: 'dev_someone_else' };
  await expect(reverse(settled.loadId, 0, undefined, stranger)).rejects.toMatchObject({ code: 'LOAD_NOT_FOUND' });
  await expect(
    payments.reverseLoad({ requester: { kind: 'owner', ownerId: 'x' }, cardId: card.id, loadId: 1, amountCents: -5 }),
  ).rejects.toMatchObject({ code: 'INVALID_AMOUNT' });
});

test('an administrator reverses any owner’s load and is recorded as who asked', async () => {
  const { load, reverse } = await newCard();
  const loaded = await load(2_500);
  const admin: Requester = { kind: 'admin', name: 'alice' };
  expect(await reverse(loaded.loadId, 0, undefined, admin)).toMatchObject({
    status: 'succeeded',
    reversal: { requestedBy: 'admin:alice' },
  });
  await expect(reverse(999_999, 0, undefined, admin)).rejects.toMatchObject({ code: 'LOAD_NOT_FOUND' });
  for (const name of ['bad name!', 'user:', 'user:dev_a b', 'user:dev_\u0000', `user:${'a'.repeat(201)}`])
    await expect(reverse(loaded.loadId, 0, undefined, { kind: 'admin', name })).rejects.toMatchObject({
      code: 'INVALID_ADMIN',
    });
  // An admin user, as the gateway names one (issue 43): recorded with their id.
  const other = await load(1_000);
  const adminUser: Requester = { kind: 'admin', name: `user:dev_${'ab'.repeat(20)}` };
  expect(await reverse(other.loadId, 0, undefined, adminUser)).toMatchObject({
    status: 'succeeded',
    reversal: { requestedBy: `admin:user:dev_${'ab'.repeat(20)}` },
  });
});

test('an Idempotency-Key replays the reversal, refuses another request, and never reverses twice, also at once', async () => {
  const { load, reverse, money } = await newCard();
  const loaded = await load(10_000);
  await settle(dev, loaded.saleId);
  const tries = await Promise.allSettled(Array.from({ length: 5 }, () => reverse(loaded.loadId, 3_000, 'k-1')));
  const answered = tries.flatMap((t) => (t.status === 'fulfilled' ? [t.value] : []));
  expect(answered.filter((a) => !a.replayed)).toHaveLength(1);
  for (const t of tries)
    if (t.status === 'rejected') expect(t.reason).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE' });
  expect(await reverse(loaded.loadId, 3_000, 'k-1')).toMatchObject({ status: 'succeeded', replayed: true });
  await expect(reverse(loaded.loadId, 2_000, 'k-1')).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  expect(dev.transactions.get(loaded.saleId)?.refundIds).toHaveLength(1);
  expect(await money()).toMatchObject({ balance: 7_000, reversed: 3_000 });
});

test('concurrent reversals of one load never give back more than it, and the balance stays exact', async () => {
  const { load, reverse, money } = await newCard();
  const loaded = await load(10_000);
  await settle(dev, loaded.saleId);
  const answers = await Promise.all(Array.from({ length: 10 }, () => reverse(loaded.loadId, 3_000)));
  const succeeded = answers.filter((a) => a.status === 'succeeded');
  expect(succeeded).toHaveLength(3);
  expect(answers.filter((a) => a.status === 'refused').every((a) => a.errors[0]?.code === 'exceeds-reversible')).toBe(
    true,
  );
  const refunds = dev.transactions.get(loaded.saleId)?.refundIds ?? [];
  expect(refunds.map((id) => dev.transactions.get(id)?.amount)).toEqual(['30.00', '30.00', '30.00']);
  expect(await money()).toMatchObject({ balance: 1_000, loaded: 10_000, reversed: 9_000 });
});

test('an unknown outcome stays reserved and is reconciled by its order id, applied once', async () => {
  const { payments, load, reverse, loadView, money } = await newCard();
  const refunded = await load(10_000);
  await settle(dev, refunded.saleId);
  dev.reversalFaults.push('apply-then-server-error'); // refunded at the processor, the answer lost
  const unknown = await reverse(refunded.loadId, 4_000);
  expect(unknown).toMatchObject({
    status: 'unknown',
    errors: [{ code: 'processor-unavailable' }],
    balanceCents: 10_000,
  });
  expect(await loadView(refunded.loadId)).toMatchObject({ reversibleCents: 6_000 });

  const notVoided = await load(5_000);
  dev.reversalFaults.push('server-error'); // the void never happened
  expect((await reverse(notVoided.loadId)).status).toBe('unknown');

  expect((await payments.reconcileMoneyBack()).reversals).toMatchObject({ checked: 0 }); // too recent to ask
  offsetMs = 11 * 60_000;
  try {
    expect((await payments.reconcileMoneyBack()).reversals).toMatchObject({ checked: 2, succeeded: 1, failed: 1 });
    expect((await payments.reconcileMoneyBack()).reversals).toMatchObject({ checked: 0 });
  } finally {
    offsetMs = 0;
  }
  expect(await loadView(refunded.loadId)).toMatchObject({ reversibleCents: 6_000, reversedCents: 4_000 });
  expect(await loadView(notVoided.loadId)).toMatchObject({
    reversibleCents: 5_000,
    reversals: [{ status: 'failed', errors: [{ code: 'processor-not-reversed' }] }],
  });
  expect(await money()).toMatchObject({ balance: 11_000, reversed: 4_000 });
});

test('a refund made in the processor’s control panel is found by reconciliation and recorded once', async () => {
  const { payments, load, loadView, money } = await newCard();
  const loaded = await load(10_000);
  await settle(dev, loaded.saleId);
  const creditId = await refundInControlPanel(dev, loaded.saleId, '40.00');
  expect((await payments.reconcileMoneyBack()).creditsRecorded).toBe(1);
  expect((await payments.reconcileMoneyBack()).creditsRecorded).toBe(0);
  expect(await loadView(loaded.loadId)).toMatchObject({
    reversibleCents: 6_000,
    reversals: [
      { requestedBy: 'processor', processorTransactionId: creditId, status: 'succeeded', amountCents: 4_000 },
    ],
  });
  expect(await money()).toMatchObject({ balance: 6_000, reversed: 4_000, frozen: false });
});

test('a draining service refuses new reversals (nothing is sent), as it refuses loads', async () => {
  const { payments, load, card, ownerId } = await newCard();
  const loaded = await load(1_000);
  const draining = testPayments(pool, dev, log);
  await draining.drain(10);
  await expect(
    draining.reverseLoad({
      requester: { kind: 'owner', ownerId },
      cardId: card.id,
      loadId: loaded.loadId,
      amountCents: 0,
    }),
  ).rejects.toMatchObject({ code: 'DRAINING' });
  expect((await payments.listLoads(ownerId, card.id))[0]?.reversals).toEqual([]);
});
