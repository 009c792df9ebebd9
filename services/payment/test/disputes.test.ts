// The processor's notifications and disputes on the real ledger: notifications signed by the
// development processor exactly as Braintree signs them, verified by the real SDK in the payment
// service; holds, wins, losses and shortfalls; duplicates, out-of-order and stale deliveries; bad
// signatures; disputes that match no load; the reconciliation round's search; the 90 days; and
// balances that stay exact under concurrent disputes, reversals and loads.
import { createHash, createHmac } from 'node:crypto';
import { Writable } from 'node:stream';
import { createLogger } from '@gatehouse/logger';
import type { Pool } from 'pg';
import { createPool } from '../src/db';
import { standardRules } from '../src/limits';
import { runMigrations } from '../src/migrate';
import { type DevProcessor, startDevProcessor } from '../src/processor/dev';
import { createTestDatabase, type TestDatabase } from './db';
import { testPayments } from './helpers';
import { cardMoney, type Signed, sandboxGateway, settle, signedNotification } from './money-back';

const lines: string[] = [];
const log = createLogger({
  name: 'disputes-test',
  level: 'info',
  destination: new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  }),
});
let db: TestDatabase;
let pool: Pool;
let dev: DevProcessor;
let owners = 0;
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, { max: 20, transactionPooling: db.transactionPooling });
  await runMigrations(pool);
  dev = await startDevProcessor();
});

afterAll(async () => {
  await pool?.end();
  await dev?.close();
  await db?.drop();
});

afterEach(() => expect(dev.violations).toEqual([]));

const payments = () => testPayments(pool, dev, log, { rules: standardRules({ oneDayCents: 10_000_000 }), clock });

async function newCard() {
  const p = payments();
  const ownerId = `dev_disputed${++owners}`;
  const card = await p.createCard(ownerId, 'Card-1');
  const load = async (amountCents: number) => {
    const answer = await p.loadCard({ ownerId, cardId: card.id, amountCents, nonce: 'fake-valid-nonce' });
    const view = (await p.listLoads(ownerId, card.id)).find((l) => l.id === answer.loadId);
    return { ...answer, saleId: view?.processorTransactionId ?? '' };
  };
  const reverse = (loadId: number, amountCents = 0) =>
    p.reverseLoad({ requester: { kind: 'owner', ownerId }, cardId: card.id, loadId, amountCents });
  const deliver = (n: Signed) => p.handleNotification(n.signature, n.payload);
  const notify = async (kind: string, saleId: string, amount?: string) =>
    deliver(await signedNotification(dev, kind, saleId, amount));
  const get = () => p.getCard(ownerId, card.id);
  return { p, ownerId, card, load, reverse, deliver, notify, get, money: () => cardMoney(pool, card.id) };
}

test('a dispute opened, then won, then a second one lost, each sent twice and one pair out of order: exact balance, holds and states', async () => {
  const { load, reverse, deliver, get, money } = await newCard();
  const a = await load(10_000);
  const b = await load(6_000);
  const c = await load(4_000);

  const opened = await signedNotification(dev, 'dispute_opened', a.saleId);
  expect(await deliver(opened)).toEqual({ kind: 'dispute_opened', outcome: 'applied' });
  expect(await deliver(opened)).toEqual({ kind: 'dispute_opened', outcome: 'duplicate' });
  expect(await money()).toMatchObject({ balance: 20_000, held: 10_000, dispute_holds: 10_000 });
  // Held money is neither reversible nor does it leave the disputed load reversible.
  expect(await reverse(a.loadId)).toMatchObject({ status: 'refused', errors: [{ code: 'not-reversible' }] });

  const won = await signedNotification(dev, 'dispute_won', a.saleId);
  expect((await deliver(won)).outcome).toBe('applied');
  expect((await deliver(won)).outcome).toBe('duplicate');
  expect(await money()).toMatchObject({ balance: 20_000, held: 0 });

  // The second dispute's notifications arrive the wrong way round: lost first, opened after.
  const bOpened = await signedNotification(dev, 'dispute_opened', b.saleId);
  const bLost = await signedNotification(dev, 'dispute_lost', b.saleId);
  expect((await deliver(bLost)).outcome).toBe('applied');
  expect((await deliver(bOpened)).outcome).toBe('stale');
  expect((await deliver(bLost)).outcome).toBe('duplicate');
  expect((await deliver(bOpened)).outcome).toBe('duplicate');
  // A won dispute only moves forward too: its opening sent again (a new delivery) changes nothing.
  expect((await deliver(await signedNotification(dev, 'dispute_opened', a.saleId))).outcome).toBe('applied');
  // ...that was a new dispute on the same sale (the first was closed); it holds what it disputes.
  expect(await money()).toMatchObject({ held: 10_000 });
  expect((await deliver(await signedNotification(dev, 'dispute_won', a.saleId))).outcome).toBe('applied');

  expect((await reverse(c.loadId)).status).toBe('succeeded');
  const m = await money();
  expect(m).toMatchObject({ held: 0, shortfall: 0, frozen: false, loaded: 20_000, reversed: 4_000, disputed: 6_000 });
  // Balances equal loads minus reversals minus lost disputes, exactly.
  expect(m.balance).toBe(m.loaded - m.reversed - m.disputed);
  const { card, disputes } = await get();
  expect(card).toMatchObject({ balanceCents: 10_000, heldCents: 0, frozenAt: null });
  expect(disputes.map((d) => [d.loadId, d.status, d.heldCents, d.debitedCents])).toEqual([
    [a.loadId, 'won', 0, 0],
    [b.loadId, 'lost', 0, 6_000],
    [a.loadId, 'won', 0, 0],
  ]);
});

test('a hold never takes more than the card has, and a reversal cannot take held money (exceeds-balance)', async () => {
  const { load, reverse, notify, money } = await newCard();
  const a = await load(10_000);
  const b = await load(5_000);
  await settle(dev, a.saleId);
  expect((await reverse(a.loadId, 8_000)).status).toBe('succeeded');
  // 70.00 left on the card; the dispute is of the whole 100.00 sale.
  await notify('dispute_opened', a.saleId, '100.00');
  expect(await money()).toMatchObject({ balance: 7_000, held: 7_000 });
  expect(await reverse(b.loadId)).toMatchObject({
    status: 'refused',
    errors: [{ code: 'exceeds-balance', message: expect.stringMatching(/^50\.00 > 0\.00 /) }],
  });
});

test('a lost dispute the card cannot cover debits what it has, records the shortfall, freezes the card: loads and reversals refused', async () => {
  const { p, ownerId, card, load, reverse, notify, get, money } = await newCard();
  const a = await load(10_000);
  await settle(dev, a.saleId);
  expect((await reverse(a.loadId, 6_000)).status).toBe('succeeded');
  const spared = await load(1_000);
  await notify('dispute_opened', a.saleId, '100.00');
  expect(await money()).toMatchObject({ balance: 5_000, held: 5_000 });
  await notify('dispute_lost', a.saleId, '100.00');
  expect(await money()).toMatchObject({ balance: 0, held: 0, shortfall: 5_000, frozen: true, disputed: 5_000 });
  const { card: frozen, disputes } = await get();
  expect(frozen).toMatchObject({ shortfallCents: 5_000, frozenAt: expect.any(Date) });
  expect(disputes[0]).toMatchObject({ status: 'lost', debitedCents: 5_000, shortfallCents: 5_000 });
  const refused = await p.loadCard({ ownerId, cardId: card.id, amountCents: 1_000, nonce: 'fake-valid-nonce' });
  expect(refused).toMatchObject({
    status: 'refused',
    errors: [{ code: 'card-frozen', message: expect.stringContaining('50.00 short') }],
  });
  expect(await reverse(spared.loadId)).toMatchObject({ status: 'refused', errors: [{ code: 'card-frozen' }] });
});

test('a notification with a bad signature changes nothing', async () => {
  const { load, deliver, money } = await newCard();
  const a = await load(3_000);
  const good = await signedNotification(dev, 'dispute_opened', a.saleId);
  const count = async () => Number((await pool.query('SELECT count(*) FROM processor_notifications')).rows[0].count);
  const before = await count();
  const forged = [
    { signature: good.signature.replace(/\|.*/, `|${'0'.repeat(40)}`), payload: good.payload },
    { signature: `someone_else|${good.signature.split('|')[1]}`, payload: good.payload },
    {
      signature: good.signature,
      payload: Buffer.from('<notification><kind>dispute_lost</kind></notification>').toString('base64'),
    },
    { signature: good.signature, payload: `${good.payload}<script>` },
    { signature: '', payload: good.payload },
  ];
  for (const n of forged)
    await expect(deliver(n)).rejects.toMatchObject({ kind: 'permission_denied', code: 'INVALID_SIGNATURE' });
  expect(await count()).toBe(before);
  expect(await money()).toMatchObject({ balance: 3_000, held: 0 });
});

test('a dispute for a transaction that matches no load is kept and reported', async () => {
  const { p, deliver } = await newCard();
  // A sale the ledger never made (another integration on the same merchant account, say).
  const sale = await sandboxGateway(dev).transaction.sale({
    amount: '12.00',
    paymentMethodNonce: 'fake-valid-nonce',
    options: { submitForSettlement: true },
  });
  const n = await signedNotification(dev, 'dispute_opened', sale.transaction.id);
  expect(await deliver(n)).toEqual({ kind: 'dispute_opened', outcome: 'unmatched' });
  const unmatched = await p.listUnmatchedDisputes();
  expect(unmatched[0]).toMatchObject({ processorTransactionId: sale.transaction.id, status: 'open', loadId: null });
  const line = lines.map((l) => JSON.parse(l)).find((l) => l.transactionId === sale.transaction.id && l.level === 50);
  expect(line?.msg).toMatch(/matches no load: kept/);
});

test('reconciliation finds a dispute no notification told of; the late notification then changes nothing', async () => {
  const { p, load, deliver, money } = await newCard();
  const a = await load(8_000);
  const missed = await signedNotification(dev, 'dispute_opened', a.saleId); // never delivered
  const report = await p.reconcileMoneyBack();
  expect(report.disputesChanged).toBeGreaterThanOrEqual(1);
  expect(report.failed).toEqual([]);
  expect(await money()).toMatchObject({ held: 8_000 });
  expect((await deliver(missed)).outcome).toBe('stale');
  expect(await money()).toMatchObject({ balance: 8_000, held: 8_000 });
});

test('every notification is kept once, 90 days; then reconciliation forgets it', async () => {
  const { load, notify, p } = await newCard();
  const a = await load(1_000);
  await notify('dispute_opened', a.saleId);
  const kept = await pool.query(
    "SELECT kind, outcome FROM processor_notifications WHERE subject_id <> '' ORDER BY received_at DESC LIMIT 1",
  );
  expect(kept.rows[0]).toEqual({ kind: 'dispute_opened', outcome: 'applied' });
  const total = Number((await pool.query('SELECT count(*) FROM processor_notifications')).rows[0].count);
  offsetMs = 89 * 86_400_000;
  try {
    expect((await p.reconcileMoneyBack()).notificationsPruned).toBe(0);
    offsetMs = 91 * 86_400_000;
    expect((await p.reconcileMoneyBack()).notificationsPruned).toBe(total);
  } finally {
    offsetMs = 0;
  }
  expect(Number((await pool.query('SELECT count(*) FROM processor_notifications')).rows[0].count)).toBe(0);
});

test('concurrent deliveries apply once; disputes, reversals and loads on one card at once keep every balance exact', async () => {
  const { p, ownerId, card, load, reverse, deliver, money } = await newCard();
  const loads = await Promise.all([10_000, 9_000, 8_000, 7_000, 6_000].map(load));
  const opened = await signedNotification(dev, 'dispute_opened', loads[0]!.saleId);
  const deliveries = await Promise.all(Array.from({ length: 6 }, () => deliver(opened)));
  expect(deliveries.filter((d) => d.outcome === 'applied')).toHaveLength(1);
  expect(deliveries.filter((d) => d.outcome === 'duplicate')).toHaveLength(5);

  await settle(dev, loads[2]!.saleId);
  const lost = await signedNotification(dev, 'dispute_lost', loads[1]!.saleId);
  await Promise.all([
    deliver(lost),
    deliver(lost),
    deliver(await signedNotification(dev, 'dispute_opened', loads[3]!.saleId)),
    reverse(loads[2]!.loadId, 3_000),
    reverse(loads[2]!.loadId, 3_000),
    reverse(loads[2]!.loadId, 3_000),
    reverse(loads[4]!.loadId),
    ...[1_000, 2_000, 3_000].map((amountCents) =>
      p.loadCard({ ownerId, cardId: card.id, amountCents, nonce: 'fake-valid-nonce' }),
    ),
  ]);
  const m = await money();
  expect(m.balance).toBe(m.loaded - m.reversed - m.disputed);
  expect(m.held).toBe(m.dispute_holds);
  expect(m.held).toBeLessThanOrEqual(m.balance);
  expect(m).toMatchObject({ loaded: 46_000, disputed: 9_000, reversed: 6_000 + 6_000, held: 17_000, shortfall: 0 });
});

test('Braintree’s challenge is answered with our public key and the HMAC of it; a malformed one is refused', async () => {
  const p = payments();
  const challenge = '20f9f8ed58f2b6d6c2b5';
  const key = createHash('sha1').update(dev.privateKey).digest();
  expect(p.verifyChallenge(challenge)).toBe(
    `${dev.publicKey}|${createHmac('sha1', key).update(challenge).digest('hex')}`,
  );
  expect(() => p.verifyChallenge('not hex!')).toThrow(expect.objectContaining({ code: 'INVALID_CHALLENGE' }));
});
