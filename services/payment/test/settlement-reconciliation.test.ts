// Issue 49 §3 against the development processor through the real braintree SDK: many loads (and a
// void and a refund, which must not count as differences), four discrepancies injected on its loopback
// port, then the day's settlement compared with the ledger. The report names exactly those four.
import { createLogger } from '@gatehouse/logger';
import type { Pool } from 'pg';
import { createPool } from '../src/db';
import { PostgresSettlementStore } from '../src/ledger';
import { standardRules } from '../src/limits';
import { runMigrations } from '../src/migrate';
import { BraintreeSettlement } from '../src/processor';
import { type DevProcessor, startDevProcessor } from '../src/processor/dev';
import { SettlementReconciler } from '../src/settlement/reconcile';
import { createTestDatabase, type TestDatabase } from './db';
import { testPayments } from './helpers';

/** The issue asks for 10,000; SETTLEMENT_LOADS runs fewer on a busy machine. */
const LOADS = Number(process.env.SETTLEMENT_LOADS ?? 10_000);
const OWNERS = 50;
const PARALLEL = 16;

const log = createLogger({ name: 'payment-settlement', level: 'silent' });
let db: TestDatabase;
let pool: Pool;
let dev: DevProcessor;

beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, { max: PARALLEL + 4, transactionPooling: db.transactionPooling });
  await runMigrations(pool);
  dev = await startDevProcessor();
});

afterAll(async () => {
  await pool?.end();
  await dev?.close();
  await db?.drop();
});

afterEach(() => expect(dev.violations).toEqual([]));

const settlement = () =>
  new BraintreeSettlement(
    {
      merchantId: dev.merchantId,
      publicKey: dev.publicKey,
      privateKey: dev.privateKey,
      environment: 'sandbox',
      gatewayUrl: dev.url,
      timeoutMs: 10_000,
    },
    log,
  );

async function inject(kind: string, transactionId?: string): Promise<string> {
  const res = await fetch(`${dev.url}/dev/settlement/discrepancies`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ kind, transaction_id: transactionId }),
  });
  const body = (await res.json()) as { transaction_id: string; error?: string };
  expect(res.status).toBe(200);
  return body.transaction_id;
}

test(`${LOADS} loads, a void, a refund and 4 injected discrepancies: the report names exactly those 4`, async () => {
  const payments = testPayments(pool, dev, log, { rules: standardRules({ oneDayCents: 1_000_000_000 }) });
  const owners = await Promise.all(
    Array.from({ length: OWNERS }, async (_, i) => {
      const ownerId = `dev_settlement_${i}`;
      return { ownerId, card: await payments.createCard(ownerId, 'Settled') };
    }),
  );
  let next = 0;
  const loaded: { loadId: number; ownerId: string; cardId: number }[] = [];
  const started = Date.now();
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < LOADS) {
        const i = next++;
        const { ownerId, card } = owners[i % OWNERS]!;
        const answer = await payments.loadCard({
          ownerId,
          cardId: card.id,
          amountCents: 100 + (i % 997),
          nonce: 'fake-valid-nonce',
        });
        expect(answer.status).toBe('succeeded');
        loaded.push({ loadId: answer.loadId, ownerId, cardId: card.id });
      }
    }),
  );
  log.info({ loads: LOADS, ms: Date.now() - started }, 'loaded');
  const saleOf = async (l: (typeof loaded)[number]) =>
    (await payments.listLoads(l.ownerId, l.cardId)).find((x) => x.id === l.loadId)!.processorTransactionId!;

  // A void and a refund through the ledger: both sides agree on them.
  const [voidMe, refundMe, amountOf, duplicateOf, refundedOf] = loaded.slice(0, 5);
  expect(
    (
      await payments.reverseLoad({
        requester: { kind: 'owner', ownerId: voidMe!.ownerId },
        cardId: voidMe!.cardId,
        loadId: voidMe!.loadId,
        amountCents: 0,
      })
    ).status,
  ).toBe('succeeded');
  dev.transactions.get(await saleOf(refundMe!))!.status = 'settled';
  const refunded = await payments.reverseLoad({
    requester: { kind: 'owner', ownerId: refundMe!.ownerId },
    cardId: refundMe!.cardId,
    loadId: refundMe!.loadId,
    amountCents: 50,
  });
  expect(refunded.status).toBe('succeeded');
  expect(refunded.reversal?.method).toBe('refund');

  const injected = [
    { kind: 'missing', transaction_id: await inject('missing') },
    { kind: 'duplicate', transaction_id: await inject('duplicate', await saleOf(duplicateOf!)) },
    { kind: 'amount', transaction_id: await inject('amount', await saleOf(amountOf!)) },
    { kind: 'refund', transaction_id: await inject('refund', await saleOf(refundedOf!)) },
  ];

  const store = new PostgresSettlementStore(pool);
  const date = new Date().toISOString().slice(0, 10);
  const reconciler = new SettlementReconciler({ store, source: settlement(), log });
  const run = await reconciler.run(date, { rerun: false });
  expect(run.ran).toBe(true);
  const report = run.report!;
  expect(report.status).toBe('differs');
  const named = (report.discrepancies as { kind: string; transaction_id: string }[]).map((d) => ({
    kind: d.kind,
    transaction_id: d.transaction_id,
  }));
  expect(named.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual(
    injected.sort((a, b) => a.kind.localeCompare(b.kind)),
  );
  // The sums by kind tell the same story: sales off by the missing and duplicate sales and the dollar.
  const totals = report.totals as { kind: string; processor: { count: number }; ledger: { count: number } }[];
  const sales = totals.find((t) => t.kind === 'sales')!;
  expect(sales.processor.count - sales.ledger.count).toBe(2);
  const refunds = totals.find((t) => t.kind === 'refunds')!;
  expect(refunds).toMatchObject({ processor: { count: 2 }, ledger: { count: 1 } });
  expect(totals.find((t) => t.kind === 'voids')).toMatchObject({ processor: { count: 1 }, ledger: { count: 1 } });
  // The event of the run is in the trail.
  const { rows } = await pool.query(`SELECT data FROM events.events WHERE type = 'settlement.reconciled'`);
  expect(rows.map((r) => r.data)).toEqual([
    { date, status: 'differs', discrepancies: 4, kinds: ['amount', 'duplicate', 'missing', 'refund'] },
  ]);
}, 600_000);

test('two replicas on one day: one runs; the daily job leaves a finished day alone, an admin run takes it again', async () => {
  const store = new PostgresSettlementStore(pool);
  const date = '2020-01-02';
  const [a, b] = [1, 2].map(() => new SettlementReconciler({ store, source: settlement(), log }));
  const runs = await Promise.all([a!.run(date, { rerun: false }), b!.run(date, { rerun: false })]);
  expect(runs.filter((r) => r.ran)).toHaveLength(1);
  expect((await a!.run(date, { rerun: false })).ran).toBe(false);
  const again = await b!.run(date, { rerun: true });
  expect(again.ran).toBe(true);
  expect(again.report).toMatchObject({ status: 'matched', discrepancies: [] });
});
